import type { OrderDetail } from '@domain/orders/detail';
import { CancelOrderRequest } from '@domain/orders/operations';
import DialogContentText from '@mui/material/DialogContentText';
import { useAlert } from '@web/components/alert/alert-context';
import { FormDialog } from '@web/components/form/form-dialog';
import { FormTextField } from '@web/components/form/form-text-field';
import { growingText } from '@web/components/form/growing-text';
import { useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { orderCalls, useOrderOperation } from '../api/orders';

/** spec 2 §4 Cancel: ticket and reason (and a comment), confirmed; the server's message either way. */
export function CancelOrderDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const { control, handleSubmit } = useZodForm(CancelOrderRequest, {
    defaultValues: { ticket: '', reason: '', comment: '' },
  });

  const submit = handleSubmit(({ ticket, reason, comment }) => {
    const body = { ticket, reason, ...(comment ? { comment } : {}) };
    operation.mutate(orderCalls.cancel(order.id, body), {
      onSuccess: (answer) => {
        alert.success(answer.message);
        onClose();
      },
      onError: (error) => alert.error(errorMessage(error, 'The order could not be cancelled.')),
    });
  });

  return (
    <FormDialog
      open={open}
      title={`Cancel order ${order.orderLabel}?`}
      onSubmit={submit}
      onClose={onClose}
      pending={operation.isPending}
      cancelLabel="Keep order"
      submitLabel="Cancel order"
      submitProps={{ color: 'error' }}
      contentSx={{ display: 'grid', gap: 2 }}
    >
      <DialogContentText>
        The order is set to Cancelled and becomes read-only. This cannot be undone here.
      </DialogContentText>
      <FormTextField
        control={control}
        name="ticket"
        label="Ticket"
        required
        helperText="The support ticket asking for the cancellation"
        slotProps={{ htmlInput: { maxLength: 100 } }}
        autoFocus
      />
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormTextField
        control={control}
        name="comment"
        label="Comment (optional)"
        {...growingText({ maxLength: 2000 })}
      />
    </FormDialog>
  );
}
