import { isRegionOf } from '@domain/addresses';
import type { PlaceDetail, Suggestion, VerifyAnswer, VerifyQuery } from '@domain/maps/maps';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../platform/db';
import { allPlaces, placeOfPostalCode, type ZipPlace } from './zip-dataset';

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

/** A problem that makes the address unshippable (the estimate's void-shipping-address), or null. */
export function shippingAddressProblem(a: {
  region: string;
  postalCode: string;
  countryId: number;
}): string | null {
  const answer = verifyAddress({
    act: 'Check',
    a1: '',
    a2: '',
    loc: '',
    admarea: a.region,
    postal: a.postalCode,
    ctry: a.countryId === 2 ? 'CA' : 'US',
  });
  const record = answer.Records[0]!;
  const codes = record.Results.split(',');
  if (codes.some((c) => c.startsWith('AE') || c === 'AC02')) return record.Messages.join(' ');
  return null;
}

interface OnFile {
  id: number;
  address: string;
  city: string;
  region: string;
  postal_code: string;
  country_id: number;
}

async function addressesOnFile(db: DbOrTx, uid: string | undefined, text: string, limit: number) {
  if (!uid) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<OnFile>(
    db,
    sql`select id::int as id, address, city, region, postal_code, country_id from shipping_addresses
        where account_uid = ${uid} and (address ilike ${like} or city ilike ${like} or postal_code ilike ${like})
        order by is_default_shipping desc, id limit ${limit}`,
  );
}

function datasetMatches(text: string, countryId: number | null, limit: number): ZipPlace[] {
  const t = text.trim().toLowerCase();
  const out: ZipPlace[] = [];
  if (t.length < 2) return out;
  for (const p of allPlaces()) {
    if (countryId !== null && p.countryId !== countryId) continue;
    if (p.postalCode.toLowerCase().startsWith(t.replace(/\s/g, '')) || p.city.toLowerCase().startsWith(t)) {
      out.push(p);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** Autocomplete (spec 3 §7): addresses on file first, then dataset places; maxrecords default 10. */
export async function autocomplete(
  db: DbOrTx,
  q: { ff: string; country: 'US' | 'CA'; maxrecords: number; uid?: string | undefined },
): Promise<Suggestion[]> {
  const countryId = countryIdOf(q.country);
  const onFile = (await addressesOnFile(db, q.uid, q.ff, q.maxrecords)).filter(
    (a) => a.country_id === countryId,
  );
  const fromFile = onFile.map((a) => ({
    label: `${a.address}, ${a.city}, ${a.region} ${a.postal_code}`,
    address: a.address,
    city: a.city,
    state: a.region,
    zip: a.postal_code,
    country: q.country,
  }));
  const places = datasetMatches(q.ff, countryId, q.maxrecords - fromFile.length).map((p) => ({
    label: `${titleCase(p.city)}, ${p.region} ${p.postalCode}`,
    address: '',
    city: titleCase(p.city),
    state: p.region,
    zip: p.postalCode,
    country: p.country,
  }));
  return [...fromFile, ...places].slice(0, q.maxrecords);
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
          city: titleCase(place.city),
          postalCode: place.postalCode,
          region: place.region,
          address: '',
          country: place.country,
        }
      : null;
  }
  if (kind === 'address' && rest.length === 1 && /^\d+$/.test(rest[0]!) && uid) {
    const [a] = await rows<OnFile>(
      db,
      sql`select id::int as id, address, city, region, postal_code, country_id from shipping_addresses
          where id = ${Number(rest[0])} and account_uid = ${uid}`,
    );
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
