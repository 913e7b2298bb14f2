import { createRequire } from 'node:module';
import { postalCodeRegionIssue } from '@domain/addresses';
import { CA_PROVINCES } from '@domain/reference';

// The shipped US ZIP and Canadian postal dataset (the `zipcodes` npm package: every US ZIP code
// with its city and state, and Canada at forward sortation area level — the first three
// characters of a postal code). Loaded once; read-only.

interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}
const zipcodes = createRequire(import.meta.url)('zipcodes') as {
  codes: Record<string, ZipEntry>;
  lookup(code: string): ZipEntry | undefined;
};

const PROVINCE_CODE = new Map<string, string>(CA_PROVINCES.map(([code, name]) => [name.toLowerCase(), code]));

export interface ZipPlace {
  postalCode: string;
  city: string;
  region: string;
  countryId: 1 | 2;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
}

function toPlace(e: ZipEntry): ZipPlace | null {
  if (e.country === 'US')
    return {
      postalCode: e.zip,
      city: e.city,
      region: e.state,
      countryId: 1,
      country: 'US',
      latitude: e.latitude,
      longitude: e.longitude,
    };
  const region = PROVINCE_CODE.get(e.state.toLowerCase());
  if (!region) return null;
  // The dataset's Canadian "city" is an area description; its first part names the place.
  const city = e.city.split(/[(/]/)[0]!.trim();
  return {
    postalCode: e.zip,
    city,
    region,
    countryId: 2,
    country: 'CA',
    latitude: e.latitude,
    longitude: e.longitude,
  };
}

/** The place of a US ZIP (5 digits, +4 ignored) or a Canadian postal code (its first 3 characters). */
export function placeOfPostalCode(postalCode: string, countryId: number): ZipPlace | null {
  const code = postalCode.trim().toUpperCase();
  const key = countryId === 2 ? code.replace(/\s/g, '').slice(0, 3) : code.slice(0, 5);
  const found = zipcodes.lookup(key);
  if (!found) return null;
  const place = toPlace(found);
  return place && place.countryId === countryId ? place : null;
}

/**
 * The address form's ZIP/postal code vs state/province check (ADR 029, `postalCodeRegionIssue`)
 * with this dataset's answer: the postal code field's message, or null when code and region agree.
 * Every server path that takes an address asks this one function.
 */
export function postalCodeIssue(a: { postalCode: string; region: string; countryId: number }): string | null {
  return postalCodeRegionIssue(a, placeOfPostalCode(a.postalCode, a.countryId));
}

let all: ZipPlace[] | undefined;
/** Every place of the dataset (for city search). */
export function allPlaces(): ZipPlace[] {
  all ??= Object.values(zipcodes.codes).flatMap((e) => toPlace(e) ?? []);
  return all;
}
