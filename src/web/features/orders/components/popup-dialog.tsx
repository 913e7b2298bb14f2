import type { OrderDetail } from '@domain/orders/detail';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useId, useState } from 'react';
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
  const titleId = useId();
  const reassign = useReassignPopup(order.id);
  const alert = useAlert();
  const current = order.socialId ?? 0;
  const [choice, setChoice] = useState(String(current));
  const options = order.consultantPopups.filter((p) => p.status !== 'cancelled' || p.id === current);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reassign.mutate(Number(choice), {
      onSuccess: (answer) => {
        alert.success(answer.message);
        onClose();
      },
      // spec 2 §8: an update popup failure shows the server's error message.
      onError: (error) => alert.error(errorMessage(error, 'The popup could not be changed.')),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={reassign.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>Change the popup of {order.orderLabel}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Both the old and the new popup have their totals recalculated.
          </DialogContentText>
          <TextField
            select
            label="Popup"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ mt: 1 }}
          >
            <MenuItem value="0">No popup</MenuItem>
            {options.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name} · {p.hostName} · {p.status}
                {p.openingDate ? ` · opens ${formatDate(p.openingDate)}` : ''}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={reassign.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={reassign.isPending}
            disabled={Number(choice) === current}
          >
            Move order
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
