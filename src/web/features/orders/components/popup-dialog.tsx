import type { OrderDetail } from '@domain/orders/detail';
import { PopupReassignRequest } from '@domain/orders/operations';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import { useAlert } from '@web/components/alert/alert-context';
import { FormDialog } from '@web/components/form/form-dialog';
import { FormTextField } from '@web/components/form/form-text-field';
import { useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useWatch } from 'react-hook-form';
import { useReassignPopup } from '../api/orders';

/** spec 2 §4 Popup reassignment: pick one of the customer's or the consultant's popups (or none). */
export function PopupDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const reassign = useReassignPopup(order.id);
  const alert = useAlert();
  const current = order.socialId ?? 0;
  const { control, handleSubmit } = useZodForm(PopupReassignRequest, {
    defaultValues: { socialId: current },
  });
  const choice = useWatch({ control, name: 'socialId' });
  const options = order.consultantPopups.filter((p) => p.status !== 'cancelled' || p.id === current);

  const submit = handleSubmit(({ socialId }) =>
    reassign.mutate(socialId, {
      onSuccess: (answer) => {
        alert.success(answer.message);
        onClose();
      },
      // spec 2 §8: an update popup failure shows the server's error message.
      onError: (error) => alert.error(errorMessage(error, 'The popup could not be changed.')),
    }),
  );

  return (
    <FormDialog
      open={open}
      title={`Change the popup of ${order.orderLabel}`}
      onSubmit={submit}
      onClose={onClose}
      pending={reassign.isPending}
      submitLabel="Move order"
      submitProps={{ disabled: choice === current }}
      browserValidation
      contentSx={{ display: 'grid', gap: 2 }}
    >
      <DialogContentText>Both the old and the new popup have their totals recalculated.</DialogContentText>
      <FormTextField control={control} name="socialId" select label="Popup" sx={{ mt: 1 }}>
        <MenuItem value={0}>No popup</MenuItem>
        {options.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name} · {p.hostName} · {p.status}
            {p.openingDate ? ` · opens ${formatDate(p.openingDate)}` : ''}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}
