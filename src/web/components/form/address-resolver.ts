import { AddressInput, type PostalPlace, postalCodeRegionIssue } from '@domain/addresses';
import { PostalCodeAnswer } from '@domain/maps/maps';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useCallback, useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

// Every form that takes an address (the customer's address book, the order's address correction,
// the checkout's shipping address) checks it the same way before sending (ADR 029): the address
// form's schema, then the ZIP/postal code against the state or province with the one domain
// function verification and the server use, on the postal code field.

type Values = z.input<typeof AddressInput>;
type Output = z.output<typeof AddressInput>;

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
 * province (`postalCodeRegionIssue`). If the dataset cannot be asked, the server decides.
 */
export function useAddressResolver(): Resolver<Values, unknown, Output> {
  const lookup = usePostalPlaceLookup();
  return useMemo<Resolver<Values, unknown, Output>>(() => {
    const bySchema = zodResolver(AddressInput);
    return async (values, context, options) => {
      const result = await bySchema(values, context, options);
      if (Object.keys(result.errors).length > 0) return result;
      const address = result.values as Output;
      let place: PostalPlace | null;
      try {
        place = await lookup(address.postalCode, address.countryId);
      } catch {
        return result;
      }
      const issue = postalCodeRegionIssue(address, place);
      return issue ? { values: {}, errors: { postalCode: { type: 'validate', message: issue } } } : result;
    };
  }, [lookup]);
}
