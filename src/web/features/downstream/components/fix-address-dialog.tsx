import { ADDRESS_MESSAGES, type AddressInput, regionsOf } from '@domain/addresses';
import type { OrderProcess } from '@domain/downstream/downstream';
import { formatPhone } from '@domain/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAlert } from '@web/components/alert/alert-context';
import { ADDRESS_FIELDS, AddressFields } from '@web/components/form/address-fields';
import { useAddressResolver } from '@web/components/form/address-resolver';
import { applyServerIssues } from '@web/components/form/apply-server-issues';
import { errorMessage } from '@web/lib/api-client';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFixShippingAddress } from '../api/failed-orders';

type Values = z.input<typeof AddressInput>;
type Output = z.output<typeof AddressInput>;
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
  const titleId = useId();
  const countryId = order.countryId === 2 ? 2 : 1;
  const a = order.shippingAddress;
  const resolver = useAddressResolver();
  const { control, handleSubmit, setError } = useForm<Values, unknown, Output>({
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
  const onSubmit = handleSubmit((values) =>
    fix.mutate(
      { ...values, telephone: values.telephone ?? '' },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          onClose();
        },
        onError: (error) => {
          if (!applyServerIssues(error, setError, SHOWN_FIELDS))
            alert.error(errorMessage(error, ADDRESS_MESSAGES.failure));
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={fix.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Correct shipping address</DialogTitle>
        <DialogContent>
          <AddressFields control={control} countryId={countryId} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={fix.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={fix.isPending}>
            Save address
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
