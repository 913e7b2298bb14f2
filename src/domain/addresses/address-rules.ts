import { CA_PROVINCES, US_STATES } from '../reference/regions';
import { normalizeZip } from '../validation/masks';

// Shipping addresses of an account (spec 1 §3 Shipping address, §5 Address form; spec 3 §3
// Address form): the countries, labels, regions, messages and the pure checks the address form
// and the server share. The form's schema (addresses.ts) is built on them; a screen takes these
// without it (ADR 044: forms load their schema on first use).

export const ADDRESS_COUNTRIES = [
  { id: 1, name: 'United States', code: 'US' },
  { id: 2, name: 'Canada', code: 'CA' },
] as const;

/** Labels change with the country: Zip Code/State for the US, Postal Code/Province otherwise (spec 3 §3). */
export const addressLabels = (countryId: number) =>
  countryId === 1
    ? { postalCode: 'Zip Code', region: 'State' }
    : { postalCode: 'Postal Code', region: 'Province' };

export const regionsOf = (countryId: number): readonly (readonly [string, string])[] =>
  countryId === 2 ? CA_PROVINCES : US_STATES;
export const isRegionOf = (region: string, countryId: number) =>
  regionsOf(countryId).some(([code]) => code === region);

export const ADDRESS_MESSAGES = {
  success: 'Successfully submitted',
  failure: 'Failed to update.',
  notFound: 'No address with that id on this account.',
  deleted: 'Address deleted.',
} as const;

const regionName = (region: string, countryId: number) =>
  regionsOf(countryId).find(([code]) => code === region.toUpperCase())?.[1] ?? region;

/** Where a ZIP/postal code lies, as the verification dataset knows it (DESIGN §2). */
export interface PostalPlace {
  postalCode: string;
  region: string;
}

/**
 * A ZIP/postal code checked against the state or province the way verification checks them
 * (spec 3 §4: AE01 an unknown code, AC02 a code of another region): the address form and the
 * server both refuse what verification would flag, before anything is saved. `place` is the
 * dataset's answer for the code (null when it knows none); the answer is the message for the
 * postal code field, or null when code and region agree.
 */
export function postalCodeRegionIssue(
  a: { postalCode: string; region: string; countryId: number },
  place: PostalPlace | null,
): string | null {
  const label = addressLabels(a.countryId).postalCode;
  const code = normalizeZip(a.postalCode, a.countryId);
  if (!place) return `${label} ${code} was not found.`;
  if (place.region.toUpperCase() === a.region.trim().toUpperCase()) return null;
  return `${label} ${code} is in ${regionName(place.region, a.countryId)}, not ${regionName(a.region.trim(), a.countryId)}.`;
}

/** The fields of the address form an autocomplete suggestion may fill (spec 3 §3 suggestion). */
export const SUGGESTED_FIELDS = ['address', 'city', 'region', 'postalCode'] as const;
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number];
export type SuggestedPlace = Record<SuggestedField, string>;

export interface SuggestionFill {
  /** What the form takes from the suggestion: only values its own schema accepts. */
  values: Partial<SuggestedPlace>;
  /** Fields the suggestion could not fill, left empty, each with why. */
  left: { field: SuggestedField; label: string; reason: string }[];
}

/** A suggestion's values as the address form would take them: trimmed, the region in capitals. */
export const suggestedValues = (s: SuggestedPlace): SuggestedPlace => ({
  address: s.address.trim(),
  city: s.city.trim(),
  region: s.region.trim().toUpperCase(),
  postalCode: s.postalCode.trim(),
});

/**
 * What picking a suggestion puts in the address form, given the form's message for each field its
 * schema refuses (`refused`): a refused value is not filled but listed in `left` with that message.
 * A suggestion without a street (a place, not an address) leaves the street as it is and does not
 * list it; a missing city, state/province or code is listed.
 */
export function suggestionFillOf(
  s: SuggestedPlace,
  countryId: 1 | 2,
  refused: ReadonlyMap<string, string>,
): SuggestionFill {
  const labels = addressLabels(countryId);
  const fieldLabel: Record<SuggestedField, string> = {
    address: 'Address',
    city: 'City',
    region: labels.region,
    postalCode: labels.postalCode,
  };
  const given = suggestedValues(s);
  const fill: SuggestionFill = { values: {}, left: [] };
  for (const field of SUGGESTED_FIELDS) {
    const value = given[field];
    const label = fieldLabel[field];
    if (!value) {
      if (field !== 'address') fill.left.push({ field, label, reason: 'not in the suggestion' });
      continue;
    }
    const issue = refused.get(field);
    if (issue) fill.left.push({ field, label, reason: `“${value}” is refused: ${issue}` });
    else fill.values[field] = field === 'postalCode' ? normalizeZip(value, countryId) : value;
  }
  return fill;
}
