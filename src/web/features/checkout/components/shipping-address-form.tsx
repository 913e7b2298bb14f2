import type { CheckoutAddress } from '@domain/checkout/checkout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AddressFields, blankAddress } from '@web/components/form/address-fields';
import { AddressRequest, useAddressResolver } from '@web/components/form/address-resolver';
import { AddressSearch, applySuggestionFill } from '@web/components/form/address-search';
import { useZodForm } from '@web/components/form/use-zod-form';
import { sessionStore } from '@web/lib/session-store';
import { useEffect } from 'react';
import { type ShippingDraft, shippingDraftOf } from './persisted-forms';

export interface ShippingAddressFormProps {
  countryId: 1 | 2;
  /** The customer's account: the address search is asked on their behalf. */
  uid: string;
  /** Where what is typed is kept (spec 3 §3), per locale and customer. */
  draftKey: string;
  /** What the form starts with: the draft that came back, or nothing for a new address. */
  draft: ShippingDraft;
  /** The first field takes the focus: the form opened because the user asked for it. */
  autoFocus: boolean;
  /** The entered address is being verified. */
  checking: boolean;
  /** The entered address, to verify and use. */
  onEntered: (entered: CheckoutAddress) => Promise<void>;
  /** Back to the saved address; absent when there is none to go back to. */
  onCancel?: () => void;
}

/**
 * The checkout's new shipping address (spec 2 §2, §5; spec 3 §2–§4): the address search, then the
 * fields whose labels follow the country. Loaded when the form is first opened (ADR 044: forms
 * load on first use), with its form library and the address search.
 */
export function ShippingAddressForm({
  countryId,
  uid,
  draftKey,
  draft,
  autoFocus,
  checking,
  onEntered,
  onCancel,
}: ShippingAddressFormProps) {
  // The address form's rules and its ZIP/postal code vs state/province check (ADR 029), on the
  // field before the address is used; the purchase refuses the same on the server. The schema is
  // fetched as the form is first focused (ADR 044: forms load their schema on first use).
  const resolver = useAddressResolver();
  const { control, handleSubmit, setValue, clearErrors, watch, loadChecks } = useZodForm(AddressRequest, {
    resolver,
    defaultValues: { ...blankAddress(countryId), ...draft },
  });
  // A form flagged persist (spec 3 §3): what was typed comes back after a reload, in this locale.
  useEffect(() => {
    const kept = watch((values) => sessionStore.set(draftKey, shippingDraftOf(values)));
    return () => kept.unsubscribe();
  }, [watch, draftKey]);

  const submit = handleSubmit((v) =>
    onEntered({
      firstName: v.firstName,
      lastName: v.lastName,
      companyName: v.companyName,
      address: v.address,
      address2: v.address2 ?? null,
      city: v.city,
      region: v.region,
      postalCode: v.postalCode,
      countryId,
      telephone: v.telephone ?? null,
      saveAddress: true,
      melissaVerificationDateUTC: null,
    }),
  );

  return (
    <Box
      component="form"
      onSubmit={submit}
      onFocus={loadChecks}
      aria-label="Shipping address form"
      noValidate
    >
      <AddressSearch
        countryId={countryId}
        uid={uid}
        onFill={(fill) => applySuggestionFill(fill, setValue, clearErrors)}
      />
      <AddressFields control={control} countryId={countryId} autoFocus={autoFocus} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" loading={checking}>
          Use this address
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Box>
    </Box>
  );
}
