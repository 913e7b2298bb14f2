import { isRegionOf } from '@domain/addresses';
import type { PlaceDetail, Suggestion, VerifyAnswer, VerifyQuery } from '@domain/maps/maps';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { shippingAddresses } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { allPlaces, placeOfPostalCode, postalCodeIssue, type ZipPlace } from './zip-dataset';

// The built-in address provider (DESIGN §2): verification, autocomplete and maps search/find over
// the shipped ZIP/postal dataset plus the addresses already on file. Result codes follow the
// Melissa style the spec names (spec 3 §4): AV verified, AC a correction is suggested (AC02
// region, AC03 city), AE an error (AE01 postal code unknown, AE02 region unknown).

const countryIdOf = (ctry: 'US' | 'CA') => (ctry === 'CA' ? 2 : 1);
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function verifyAddress(q: VerifyQuery): VerifyAnswer {
  const countryId = countryIdOf(q.ctry);
  const base = {
    AddressLine1: q.a1,
    Locality: q.loc,
    AdministrativeArea: q.admarea.toUpperCase(),
    PostalCode: q.postal.toUpperCase(),
    CountryISO3166_1_Alpha2: q.ctry,
  };
  const codes: string[] = [];
  const messages: string[] = [];
  const place = placeOfPostalCode(q.postal, countryId);
  if (!place) {
    codes.push('AE01');
    messages.push(`${countryId === 2 ? 'Postal code' : 'ZIP code'} ${q.postal || '(empty)'} was not found.`);
    return { Records: [{ ...base, Results: codes.join(','), Messages: messages }] };
  }
  if (!isRegionOf(q.admarea.toUpperCase(), countryId)) {
    codes.push('AE02');
    messages.push(
      `${q.admarea || '(empty)'} is not a ${countryId === 2 ? 'province' : 'state'} of ${q.ctry}.`,
    );
  }
  const record = { ...base };
  if (!sameText(place.region, q.admarea)) {
    codes.push('AC02');
    messages.push(`${q.postal.toUpperCase()} is in ${place.region}.`);
    record.AdministrativeArea = place.region;
  }
  // The Canadian dataset names areas, not municipalities: only US cities are corrected.
  if (countryId === 1 && !sameText(place.city, q.loc)) {
    codes.push('AC03');
    messages.push(`The city of ${place.postalCode} is ${titleCase(place.city)}.`);
    record.Locality = titleCase(place.city);
  }
  if (codes.length === 0) codes.push('AV24');
  return { Records: [{ ...record, Results: codes.join(','), Messages: messages }] };
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

interface OnFile {
  id: number;
  address: string;
  city: string;
  region: string;
  postal_code: string;
  country_id: number;
}

const onFileColumns = {
  id: sql<number>`${shippingAddresses.id}::int`,
  address: shippingAddresses.address,
  city: shippingAddresses.city,
  region: shippingAddresses.region,
  postal_code: shippingAddresses.postalCode,
  country_id: shippingAddresses.countryId,
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The customer's own addresses on file whose street, city or code holds the text. */
async function addressesOnFile(db: DbOrTx, uid: string | undefined, text: string, limit: number) {
  if (!uid) return [];
  const like = `%${likeEscape(text)}%`;
  const found: OnFile[] = await db
    .select(onFileColumns)
    .from(shippingAddresses)
    .where(
      and(
        eq(shippingAddresses.accountUid, uid),
        or(
          ilike(shippingAddresses.address, like),
          ilike(shippingAddresses.city, like),
          ilike(shippingAddresses.postalCode, like),
        ),
      ),
    )
    .orderBy(desc(shippingAddresses.isDefaultShipping), asc(shippingAddresses.id))
    .limit(limit);
  return found;
}

/** Streets on file are searched from this many characters (the trigram index needs three). */
const STREET_SEARCH_MIN_LENGTH = 3;

/**
 * Addresses on file of other accounts on the street typed (ADR 029): street line, city,
 * state/province and code only — never a name, phone, company, second line or account — each
 * distinct address once, the ones starting with the text first.
 */
async function streetsOnFile(
  db: DbOrTx,
  text: string,
  countryId: number,
  exceptUid: string | undefined,
  limit: number,
) {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t.length < STREET_SEARCH_MIN_LENGTH || limit <= 0) return [];
  const like = `%${likeEscape(t)}%`;
  const prefix = `${likeEscape(t)}%`;
  const street = sql`lower(${shippingAddresses.address})`;
  const found: Omit<OnFile, 'id' | 'country_id'>[] = await db
    .select({
      address: sql<string>`min(${shippingAddresses.address})`,
      city: sql<string>`min(${shippingAddresses.city})`,
      region: shippingAddresses.region,
      postal_code: shippingAddresses.postalCode,
    })
    .from(shippingAddresses)
    .where(
      and(
        eq(shippingAddresses.countryId, countryId),
        sql`${street} like ${like}`,
        ne(shippingAddresses.accountUid, exceptUid ?? ''),
      ),
    )
    .groupBy(
      street,
      sql`lower(${shippingAddresses.city})`,
      shippingAddresses.region,
      shippingAddresses.postalCode,
    )
    .orderBy(sql`${street} like ${prefix} desc`, street, shippingAddresses.postalCode)
    .limit(limit);
  return found;
}

/** Whether an address on file agrees with the dataset (the form would refuse it otherwise). */
const agreesWithDataset = (a: { region: string; postal_code: string }, countryId: number) =>
  postalCodeIssue({ postalCode: a.postal_code, region: a.region, countryId }) === null;

function datasetMatches(text: string, countryId: number | null, limit: number): ZipPlace[] {
  const t = text.trim().toLowerCase();
  const out: ZipPlace[] = [];
  if (t.length < 2 || limit <= 0) return out;
  for (const p of allPlaces()) {
    if (countryId !== null && p.countryId !== countryId) continue;
    if (p.postalCode.toLowerCase().startsWith(t.replace(/\s/g, '')) || p.city.toLowerCase().startsWith(t)) {
      out.push(p);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/**
 * The city a place suggestion may fill: a US ZIP's city. The Canadian dataset names areas of a
 * forward sortation area ("Plateau Mont-Royal Southeast"), not municipalities, so a Canadian
 * place fills no city (verification does not correct Canadian cities either).
 */
const placeCity = (p: ZipPlace) => (p.countryId === 1 ? titleCase(p.city) : '');

export type SuggestionSource = 'saved' | 'onFile' | 'place';

/**
 * Autocomplete (spec 3 §7, DESIGN §2): the customer's own addresses on file first, then the
 * addresses on file on that street (ADR 029), then dataset places; maxrecords default 10.
 * Addresses whose code and state/province disagree are not offered: the form would refuse them.
 */
export async function autocomplete(
  db: DbOrTx,
  q: { ff: string; country: 'US' | 'CA'; maxrecords: number; uid?: string | undefined },
): Promise<(Suggestion & { source: SuggestionSource })[]> {
  const countryId = countryIdOf(q.country);
  const key = (a: Suggestion) => [a.address, a.city, a.state, a.zip].join('|').toLowerCase();
  const out: (Suggestion & { source: SuggestionSource })[] = [];
  const seen = new Set<string>();
  const push = (s: Suggestion & { source: SuggestionSource }) => {
    if (out.length >= q.maxrecords || seen.has(key(s))) return;
    seen.add(key(s));
    out.push(s);
  };
  const own = (await addressesOnFile(db, q.uid, q.ff, q.maxrecords)).filter(
    (a) => a.country_id === countryId && agreesWithDataset(a, countryId),
  );
  for (const a of own)
    push({
      label: `${a.address}, ${a.city}, ${a.region} ${a.postal_code}`,
      address: a.address,
      city: a.city,
      state: a.region,
      zip: a.postal_code,
      country: q.country,
      source: 'saved',
    });
  const streets = await streetsOnFile(db, q.ff, countryId, q.uid, q.maxrecords - out.length);
  for (const a of streets.filter((s) => agreesWithDataset(s, countryId)))
    push({
      label: `${a.address}, ${a.city}, ${a.region} ${a.postal_code}`,
      address: a.address,
      city: a.city,
      state: a.region,
      zip: a.postal_code,
      country: q.country,
      source: 'onFile',
    });
  for (const p of datasetMatches(q.ff, countryId, q.maxrecords - out.length))
    push({
      label: `${titleCase(p.city)}, ${p.region} ${p.postalCode}`,
      address: '',
      city: placeCity(p),
      state: p.region,
      zip: p.postalCode,
      country: p.country,
      source: 'place',
    });
  return out;
}

/** Maps search (spec 3 §7 GET /maps/search): places by text; ids name a stored address or a postal code. */
export async function mapsSearch(
  db: DbOrTx,
  q: { q: string; uid?: string | undefined; country?: 'US' | 'CA' | undefined },
) {
  const countryId = q.country ? countryIdOf(q.country) : null;
  const onFile = await addressesOnFile(db, q.uid, q.q, 5);
  return [
    ...onFile
      .filter((a) => countryId === null || a.country_id === countryId)
      .map((a) => ({
        place_id: `address:${a.id}`,
        description: `${a.address}, ${a.city}, ${a.region} ${a.postal_code}`,
      })),
    ...datasetMatches(q.q, countryId, 10).map((p) => ({
      place_id: `postal:${p.country}:${p.postalCode}`,
      description: `${titleCase(p.city)}, ${p.region} ${p.postalCode}, ${p.country}`,
    })),
  ].slice(0, 10);
}

/** Maps find (spec 3 §7 GET /maps/find): the place detail of a search result. */
export async function mapsFind(db: DbOrTx, placeId: string, uid?: string): Promise<PlaceDetail | null> {
  const [kind, ...rest] = placeId.split(':');
  if (kind === 'postal' && rest.length === 2) {
    const place = placeOfPostalCode(rest[1]!, rest[0] === 'CA' ? 2 : 1);
    return place
      ? {
          place_id: placeId,
          city: placeCity(place),
          postalCode: place.postalCode,
          region: place.region,
          address: '',
          country: place.country,
        }
      : null;
  }
  if (kind === 'address' && rest.length === 1 && /^\d+$/.test(rest[0]!) && uid) {
    const [a]: OnFile[] = await db
      .select(onFileColumns)
      .from(shippingAddresses)
      .where(and(eq(shippingAddresses.id, Number(rest[0])), eq(shippingAddresses.accountUid, uid)));
    return a
      ? {
          place_id: placeId,
          city: a.city,
          postalCode: a.postal_code,
          region: a.region,
          address: a.address,
          country: a.country_id === 2 ? 'CA' : 'US',
        }
      : null;
  }
  return null;
}
