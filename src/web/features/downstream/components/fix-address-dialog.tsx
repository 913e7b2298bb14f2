import { ADDRESS_MESSAGES, regionsOf } from '@domain/addresses/address-rules';
import type { OrderProcess } from '@domain/downstream/downstream';
import { formatPhone } from '@domain/validation/masks';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAlert } from '@web/components/alert/alert-context';
import { ADDRESS_FIELDS, AddressFields } from '@web/components/form/address-fields';
import { AddressRequest, useAddressResolver } from '@web/components/form/address-resolver';
import { FormDialog } from '@web/components/form/form-dialog';
import { useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { useEffect } from 'react';
import { useFixShippingAddress } from '../api/failed-orders';

/** The country is the order's and has no field here: a problem with it goes to the alert. */
const SHOWN_FIELDS = ADDRESS_FIELDS.filter((f) => f !== 'countryId');

/**
 * Corrects the shipping address of an order that has not gone to Phoenix, with the address form's
 * rules (the same schema the server and the export check) and its ZIP/postal code vs state or
 * province check (ADR 029), before sending; the country stays the order's.
 */
export function FixAddressDialog({ order, onClose }: { order: OrderProcess['order']; onClose: () => void }) {
  const fix = useFixShippingAddress(order.id);
  const alert = useAlert();
  const fullScreen = useMediaQuery('(max-width:667px)');
  const countryId = order.countryId === 2 ? 2 : 1;
  const a = order.shippingAddress;
  // The schema is fetched as the dialog opens, not with the process view (ADR 044: forms load
  // their schema on first use).
  const resolver = useAddressResolver();
  const { control, handleSubmit, applyServerIssues, loadChecks } = useZodForm(AddressRequest, {
    resolver,
    defaultValues: {
      firstName: a?.firstName ?? '',
      lastName: a?.lastName ?? '',
      companyName: a?.companyName ?? '',
      address: a?.address ?? '',
      address2: a?.address2 ?? '',
      city: a?.city ?? '',
      region: a && regionsOf(countryId).some(([code]) => code === a.region) ? a.region : '',
      postalCode: a?.postalCode ?? '',
      countryId,
      telephone: a?.telephone ? formatPhone(a.telephone) : '',
    },
  });
  useEffect(loadChecks, [loadChecks]);
  const onSubmit = handleSubmit((values) =>
    fix.mutate(
      { ...values, telephone: values.telephone ?? '' },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          onClose();
        },
        onError: (error) => {
          if (!applyServerIssues(error, SHOWN_FIELDS))
            alert.error(errorMessage(error, ADDRESS_MESSAGES.failure));
        },
      },
    ),
  );
  return (
    <FormDialog
      title="Correct shipping address"
      onSubmit={onSubmit}
      onClose={onClose}
      pending={fix.isPending}
      submitLabel="Save address"
      labelForm
      fullScreen={fullScreen}
    >
      <AddressFields control={control} countryId={countryId} />
    </FormDialog>
  );
}
