import { z } from 'zod';
import { ok } from '../platform/envelope';
import { integerId } from '../platform/ids';
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
import {
  addressLabels,
  isRegionOf,
  type SuggestedPlace,
  type SuggestionFill,
  suggestedValues,
  suggestionFillOf,
} from './address-rules';

// Shipping addresses of an account (spec 1 §3 Shipping address, §5 Address form; spec 3 §3
// Address form). The rules come from the form-rules library so the form and the API agree; the
// labels, regions, messages and pure checks are in address-rules.ts.

export {
  ADDRESS_COUNTRIES,
  ADDRESS_MESSAGES,
  addressLabels,
  isRegionOf,
  type PostalPlace,
  postalCodeRegionIssue,
  regionsOf,
  SUGGESTED_FIELDS,
  type SuggestedField,
  type SuggestedPlace,
  type SuggestionFill,
} from './address-rules';

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

/** The address tab's answers (GET the list; POST, PUT and the default move answer the address). */
export const ShippingAddressList = ok(z.array(ShippingAddress));
export const SavedAddress = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ShippingAddress,
});

export const AddressParams = z.object({ addressId: integerId('Not an address id') });

/**
 * What picking a suggestion puts in the address form. Each suggested value goes through the
 * form's own schema (AddressInput); a value it would refuse — a Canadian forward sortation area
 * ("H2X") for a postal code, say — is not filled but listed in `left` with the form's message.
 * A suggestion without a street (a place, not an address) leaves the street as it is and does
 * not list it; a missing city, state/province or code is listed.
 */
export function suggestionFill(s: SuggestedPlace, countryId: 1 | 2): SuggestionFill {
  const given = suggestedValues(s);
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
  return suggestionFillOf(given, countryId, refused);
}
