import { createRequire } from 'node:module';
import type { OrderAddress } from '@server/db/schema';
import { CANADIAN_CITIES, type CanadianCity, POSTAL_LETTERS, QUEBEC_STREETS } from './canada';
import type { Rng, Weighted } from './rng';
import { US_AREA_CODES, US_STATE_WEIGHTS } from './us-states';

// Real places: US ZIP codes with their city and state from the zipcodes package, Canadian
// cities with real FSAs from a curated list. City, state or province and postal code always agree.

export interface Place {
  city: string;
  region: string;
  postalCode: string;
  countryId: 1 | 2;
  country: 'US' | 'CA';
  areaCodes: readonly string[];
}

interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  country: string;
}

let usZipsByState: Map<string, ZipEntry[]> | undefined;

/** ZIP codes of the 50 states and DC, grouped by state, in ZIP order (deterministic). */
export function usZips(): Map<string, ZipEntry[]> {
  if (usZipsByState) return usZipsByState;
  // zipcodes ships no type declarations; only its `codes` table is read.
  const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, ZipEntry> };
  const byState = new Map<string, ZipEntry[]>();
  for (const state of Object.keys(US_STATE_WEIGHTS)) byState.set(state, []);
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US') continue;
    byState.get(entry.state)?.push(entry);
  }
  for (const list of byState.values()) list.sort((a, b) => a.zip.localeCompare(b.zip));
  usZipsByState = byState;
  return byState;
}

const US_WEIGHTS: Weighted<string> = Object.entries(US_STATE_WEIGHTS);
const CA_WEIGHTS: Weighted<CanadianCity> = CANADIAN_CITIES.map((c) => [c, c.weight]);

export function pickUsPlace(rng: Rng, state?: string): Place {
  const region = state ?? rng.weighted(US_WEIGHTS);
  const zips = usZips().get(region);
  if (!zips || zips.length === 0) throw new Error(`no ZIP codes for ${region}`);
  const entry = rng.pick(zips);
  return {
    city: entry.city,
    region,
    postalCode: entry.zip,
    countryId: 1,
    country: 'US',
    areaCodes: US_AREA_CODES[region] ?? ['202'],
  };
}

export function pickCanadianPlace(rng: Rng, province?: string): Place {
  const choices = province ? CA_WEIGHTS.filter(([c]) => c.province === province) : CA_WEIGHTS;
  const city = rng.weighted(choices.length > 0 ? choices : CA_WEIGHTS);
  const letter = () => POSTAL_LETTERS[rng.int(0, POSTAL_LETTERS.length - 1)];
  const postalCode = `${rng.pick(city.fsas)} ${rng.int(0, 9)}${letter()}${rng.int(0, 9)}`;
  return {
    city: city.city,
    region: city.province,
    postalCode,
    countryId: 2,
    country: 'CA',
    areaCodes: city.areaCodes,
  };
}

/** A place in the country; `region` keeps a second address in the same state or province. */
export function pickPlace(rng: Rng, countryId: number, region?: string): Place {
  return countryId === 2 ? pickCanadianPlace(rng, region) : pickUsPlace(rng, region);
}

/** Ten digits, stored without punctuation (spec 1 §5: phone saved without parentheses, hyphens, spaces). */
export function phoneNumber(rng: Rng, place: Place): string {
  const exchange = `${rng.int(2, 9)}${rng.int(0, 9)}${rng.int(1, 9)}`;
  return `${rng.pick(place.areaCodes)}${exchange}${rng.digits(4)}`;
}

export function streetLine(rng: Rng, place: Place): string {
  if (place.region === 'QC') return `${rng.int(10, 9999)} ${rng.pick(QUEBEC_STREETS)}`;
  return rng.faker.location.streetAddress().slice(0, 35);
}

export function secondLine(rng: Rng): string | null {
  if (!rng.chance(0.22)) return null;
  return rng.weighted([
    [`Apt ${rng.int(1, 40)}${rng.pick(['', 'A', 'B', 'C'])}`, 6],
    [`Unit ${rng.int(1, 300)}`, 3],
    [`Suite ${rng.int(100, 950)}`, 1],
  ]);
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** A full address for a person at a place (spec 1 §3 Shipping address; 35/30 character limits). */
export function addressAt(
  rng: Rng,
  person: PersonName,
  place: Place,
  telephone: string | null,
): OrderAddress {
  return {
    firstName: person.firstName.slice(0, 35),
    lastName: person.lastName.slice(0, 35),
    companyName: rng.chance(0.03) ? rng.faker.company.name().slice(0, 35) : null,
    address: streetLine(rng, place),
    address2: secondLine(rng),
    city: place.city,
    region: place.region,
    postalCode: place.postalCode,
    country: place.country,
    countryId: place.countryId,
    telephone,
  };
}
