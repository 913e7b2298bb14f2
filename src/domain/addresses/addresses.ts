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
export type AddressCountryId = (typeof ADDRESS_COUNTRIES)[number]['id'];

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
