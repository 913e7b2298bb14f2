import type { OrderDetail } from '@domain/orders/detail';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useId, useState } from 'react';
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
  const titleId = useId();
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const [ticket, setTicket] = useState('');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const ticketMissing = touched && !ticket.trim();
  const reasonMissing = touched && !reason.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!ticket.trim() || !reason.trim()) return;
    const body = {
      ticket: ticket.trim(),
      reason: reason.trim(),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    operation.mutate(orderCalls.cancel(order.id, body), {
      onSuccess: (answer) => {
        alert.success(answer.message);
        onClose();
      },
      onError: (error) => alert.error(errorMessage(error, 'The order could not be cancelled.')),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={operation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Cancel order {order.orderLabel}?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            The order is set to Cancelled and becomes read-only. This cannot be undone here.
          </DialogContentText>
          <TextField
            label="Ticket"
            required
            value={ticket}
            onChange={(e) => setTicket(e.target.value)}
            error={ticketMissing}
            helperText={
              ticketMissing ? 'Ticket is required' : 'The support ticket asking for the cancellation'
            }
            slotProps={{ htmlInput: { maxLength: 100 } }}
            autoFocus
          />
          <TextField
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={reasonMissing}
            helperText={reasonMissing ? 'Reason is required' : undefined}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            label="Comment (optional)"
            multiline
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={operation.isPending}>
            Keep order
          </Button>
          <Button type="submit" color="error" variant="contained" loading={operation.isPending}>
            Cancel order
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
