import { type PostalPlace, postalCodeRegionIssue } from '@domain/addresses/address-rules';
import type { AddressInput, AddressValues } from '@domain/addresses/addresses';
import { normalizeZip } from '@domain/validation/masks';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useCallback, useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { PostalCodeAnswer } from './address-answers';
import { lazyResolver, lazySchema } from './use-zod-form';

// Every form that takes an address (the customer's address book, the order's address correction,
// the checkout's shipping address) checks it the same way before sending (ADR 029): the address
// form's schema, then the ZIP/postal code against the state or province with the one domain
// function verification and the server use, on the postal code field.

/**
 * The address form's schema (AddressInput), fetched when a form first uses it (ADR 044: forms load
 * their schema on first use): `useZodForm(AddressRequest, { resolver: useAddressResolver() })`.
 */
export const AddressRequest = lazySchema(() =>
  import('@domain/addresses/addresses').then((m) => m.AddressInput),
);

/**
 * Where a ZIP/postal code lies, from the verification dataset (GET /api/address/postal-code):
 * the form's ZIP/state check before saving. Each code is asked once per session.
 */
export function usePostalPlaceLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    (code: string, countryId: number): Promise<PostalPlace | null> => {
      const country = countryId === 2 ? 'CA' : 'US';
      return queryClient.fetchQuery({
        queryKey: ['address-postal-code', country, code],
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: ({ signal }) =>
          api
            .get('/api/address/postal-code', PostalCodeAnswer, { signal, query: { code, country } })
            .then((r) => r.data),
      });
    },
    [queryClient],
  );
}

/**
 * The address form's resolver: the schema's rules, then the ZIP/postal code against the state or
 * province (`postalCodeRegionIssue`). If the dataset cannot be asked, the server decides; if the
 * schema cannot be fetched, the values go as entered and the server's issues show under the fields.
 */
export function useAddressResolver(): Resolver<AddressInput, unknown, AddressValues> {
  const lookup = usePostalPlaceLookup();
  return useMemo<Resolver<AddressInput, unknown, AddressValues>>(() => {
    const bySchema = lazyResolver(AddressRequest);
    return async (values, context, options) => {
      const result = await bySchema(values, context, options);
      if (Object.keys(result.errors).length > 0) return result;
      const address = result.values as AddressValues;
      let place: PostalPlace | null;
      try {
        // As stored (the schema's own normalization), also for values sent as entered.
        place = await lookup(normalizeZip(address.postalCode, address.countryId), address.countryId);
      } catch {
        return result;
      }
      const issue = postalCodeRegionIssue(address, place);
      return issue ? { values: {}, errors: { postalCode: { type: 'validate', message: issue } } } : result;
    };
  }, [lookup]);
}
