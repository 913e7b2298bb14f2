import type { AddressInput } from '@domain/addresses/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment, SuccessMessage } from '@web/lib/api-client';

// Address tab (spec 1 §2): /api/cs/customer/{uid}/addresses.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const addresses = () => import('@domain/addresses/addresses');
const AddressList = checkedInDevelopment(() => addresses().then((m) => m.ShippingAddressList));
const SavedAddress = checkedInDevelopment(() => addresses().then((m) => m.SavedAddress));
const base = (uid: string) => `/api/cs/customer/${encodeURIComponent(uid)}/addresses`;
export const addressesKey = (uid: string) => ['customers', uid, 'addresses'] as const;

export function useAddresses(uid: string) {
  return useQuery({
    queryKey: addressesKey(uid),
    queryFn: ({ signal }) => api.get(base(uid), AddressList, { signal }).then((r) => r.data),
  });
}

/** After any change the list is read again: a default move or a delete changes other rows too. */
function useAddressMutation<V>(uid: string, call: (v: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey(uid) }),
  });
}

export const useAddAddress = (uid: string) =>
  useAddressMutation(uid, (body: AddressInput) => api.post(base(uid), SavedAddress, body));

export const useUpdateAddress = (uid: string) =>
  useAddressMutation(uid, ({ id, body }: { id: number; body: AddressInput }) =>
    api.put(`${base(uid)}/${id}`, SavedAddress, body),
  );

export const useDeleteAddress = (uid: string) =>
  useAddressMutation(uid, (id: number) => api.delete(`${base(uid)}/${id}`, SuccessMessage));

export const useMakeDefaultAddress = (uid: string) =>
  useAddressMutation(uid, (id: number) => api.post(`${base(uid)}/${id}/default`, SavedAddress));
