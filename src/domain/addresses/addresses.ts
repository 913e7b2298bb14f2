import { z } from 'zod';
import { integerId } from '../platform/ids';
import { CA_PROVINCES, US_STATES } from '../reference/regions';
import {
  address,
  addressOptional,
  formatCompany,
  lengthExceeded,
  lengthExceededRequired,
  MESSAGES,
  NAME_MAX_LENGTH,
  name,
  normalizeZip,
  phone,
  zipIssue,
} from '../validation';

// Shipping addresses of an account (spec 1 §3 Shipping address, §5 Address form; spec 3 §3
// Address form). The rules come from the form-rules library so the form and the API agree.

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

/** The address form's fields and their rules (spec 1 §5, spec 3 §3). */
export const AddressFields = z.object({
  firstName: name('First Name'),
  lastName: name('Last Name'),
  companyName: lengthExceeded('Company', NAME_MAX_LENGTH).transform((v) => (v ? formatCompany(v) : null)),
  address: address('Address'),
  address2: addressOptional(),
  city: lengthExceededRequired('City', NAME_MAX_LENGTH),
  region: z.string({ error: 'State is required' }).trim(),
  postalCode: z.string({ error: 'Zip Code is required' }).trim(),
  countryId: z.union([z.literal(1), z.literal(2)], { error: 'Country is required' }),
  telephone: phone(),
});

/** The rules that depend on the country (state or province, zip or postal code), naming the field. */
export function checkAddressRegion(
  v: { region: string; postalCode: string; countryId: number },
  ctx: z.RefinementCtx,
): void {
  const countryId = typeof v.countryId === 'number' ? v.countryId : 1;
  const labels = addressLabels(countryId);
  if (!v.region)
    ctx.addIssue({ code: 'custom', path: ['region'], message: MESSAGES.required(labels.region) });
  else if (!isRegionOf(v.region, countryId))
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: `Must be a valid ${labels.region.toLowerCase()}`,
    });
  if (!v.postalCode)
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: MESSAGES.required(labels.postalCode) });
  else {
    const issue = zipIssue(v.postalCode, countryId);
    if (issue) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: issue });
  }
}

/** The postal code as stored for its country. */
export const withNormalizedZip = <T extends { postalCode: string; countryId: 1 | 2 }>(v: T): T => ({
  ...v,
  postalCode: normalizeZip(v.postalCode, v.countryId),
});

/** What the address form sends (add and edit). */
export const AddressInput = AddressFields.superRefine(checkAddressRegion).transform(withNormalizedZip);
export type AddressInput = z.input<typeof AddressInput>;
export type AddressValues = z.output<typeof AddressInput>;

export const ShippingAddress = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  address: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  countryId: z.number().int(),
  /** Stored as digits, without parentheses, hyphens and spaces (spec 1 §5). */
  telephone: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  phoenixId: z.number().nullable(),
  dateLastModified: z.string(),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

export const AddressParams = z.object({ addressId: integerId('Not an address id') });

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

/**
 * What picking a suggestion puts in the address form. Each suggested value goes through the
 * form's own schema (AddressInput); a value it would refuse — a Canadian forward sortation area
 * ("H2X") for a postal code, say — is not filled but listed in `left` with the form's message.
 * A suggestion without a street (a place, not an address) leaves the street as it is and does
 * not list it; a missing city, state/province or code is listed.
 */
export function suggestionFill(s: SuggestedPlace, countryId: 1 | 2): SuggestionFill {
  const labels = addressLabels(countryId);
  const fieldLabel: Record<SuggestedField, string> = {
    address: 'Address',
    city: 'City',
    region: labels.region,
    postalCode: labels.postalCode,
  };
  const given = {
    address: s.address.trim(),
    city: s.city.trim(),
    region: s.region.trim().toUpperCase(),
    postalCode: s.postalCode.trim(),
  };
  // The whole form with the suggestion's values, the rest filled with values it accepts.
  const parsed = AddressInput.safeParse({
    firstName: 'A',
    lastName: 'A',
    companyName: '',
    address: given.address || '1 A St',
    address2: '',
    city: given.city || 'A',
    region: given.region,
    postalCode: given.postalCode,
    countryId,
    telephone: '',
  });
  const refused = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (!refused.has(field)) refused.set(field, issue.message);
    }
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
