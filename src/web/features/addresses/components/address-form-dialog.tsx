import { ADDRESS_MESSAGES } from '@domain/addresses/address-rules';
import type { AddressInput, ShippingAddress } from '@domain/addresses/addresses';
import { formatPhone, formatZip } from '@domain/validation/masks';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAlert } from '@web/components/alert/alert-context';
import { ADDRESS_FIELDS, AddressFields, blankAddress } from '@web/components/form/address-fields';
import { AddressRequest, useAddressResolver } from '@web/components/form/address-resolver';
import { AddressSearch, applySuggestionFill } from '@web/components/form/address-search';
import { FormDialog } from '@web/components/form/form-dialog';
import { useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useAddAddress, useUpdateAddress } from '../api/addresses';

type Values = AddressInput;

function initialValues(address: ShippingAddress | null, countryId: 1 | 2): Values {
  if (!address) return blankAddress(countryId);
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    companyName: address.companyName ?? '',
    address: address.address,
    address2: address.address2 ?? '',
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    countryId: address.countryId === 2 ? 2 : 1,
    telephone: address.telephone ? formatPhone(address.telephone) : '',
  };
}

interface AddressFormDialogProps {
  uid: string;
  /** The address to edit; null adds a new one. */
  address: ShippingAddress | null;
  /** Country a new address starts in (the account's country). */
  defaultCountryId: 1 | 2;
  onClose: () => void;
}

/** Add or edit a shipping address with the rules of spec 1 §5 (the same schema the server checks). */
export function AddressFormDialog({ uid, address, defaultCountryId, onClose }: AddressFormDialogProps) {
  const add = useAddAddress(uid);
  const update = useUpdateAddress(uid);
  const alert = useAlert();
  const fullScreen = useMediaQuery('(max-width:667px)');
  // The schema's rules, then the ZIP/postal code against the state or province as verification
  // checks it (the server makes the same check). The schema is fetched as the dialog opens, not
  // with the address tab (ADR 044: forms load their schema on first use).
  const resolver = useAddressResolver();
  const { control, handleSubmit, setValue, getValues, clearErrors, applyServerIssues, loadChecks } =
    useZodForm(AddressRequest, {
      resolver,
      defaultValues: initialValues(address, defaultCountryId),
    });
  useEffect(loadChecks, [loadChecks]);
  const countryId = useWatch({ control, name: 'countryId' });

  // Switching country empties the state/province and reshapes the code for the new country.
  const previousCountry = useRef(countryId);
  useEffect(() => {
    if (previousCountry.current === countryId) return;
    previousCountry.current = countryId;
    setValue('region', '');
    setValue('postalCode', formatZip(getValues('postalCode') ?? '', countryId));
  }, [countryId, setValue, getValues]);

  const pending = add.isPending || update.isPending;
  const onSubmit = handleSubmit((values) => {
    const body = { ...values, telephone: values.telephone ?? '' } satisfies Values;
    const options = {
      onSuccess: (answer: { message: string }) => {
        alert.success(answer.message || ADDRESS_MESSAGES.success);
        onClose();
      },
      onError: (error: unknown) => {
        if (!applyServerIssues(error, ADDRESS_FIELDS))
          alert.error(errorMessage(error, ADDRESS_MESSAGES.failure));
      },
    };
    if (address) update.mutate({ id: address.id, body }, options);
    else add.mutate(body, options);
  });

  return (
    <FormDialog
      title={address ? 'Edit address' : 'Add address'}
      onSubmit={onSubmit}
      onClose={onClose}
      pending={pending}
      submitLabel={address ? 'Save address' : 'Add address'}
      labelForm
      fullScreen={fullScreen}
    >
      <AddressSearch
        countryId={countryId}
        uid={uid}
        onFill={(fill) => applySuggestionFill(fill, setValue, clearErrors)}
      />
      <AddressFields control={control} countryId={countryId} countrySelect />
    </FormDialog>
  );
}
