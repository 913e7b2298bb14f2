import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get error colouring; focus starts on Cancel so Enter never destroys by accident. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  // While it fades out, the dialog keeps saying what it asked: the state that opened it is often
  // already cleared by then (a title built from it would turn into its opposite), and a click on
  // its fading buttons does nothing.
  const asked = useRef({ title, children, confirmLabel, cancelLabel, destructive });
  if (open) asked.current = { title, children, confirmLabel, cancelLabel, destructive };
  const shown = asked.current;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{shown.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} component="div">
          {shown.children}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={open ? onClose : undefined} disabled={pending} autoFocus={shown.destructive}>
          {shown.cancelLabel}
        </Button>
        <Button
          onClick={open ? onConfirm : undefined}
          variant="contained"
          color={shown.destructive ? 'error' : 'primary'}
          loading={pending}
          autoFocus={!shown.destructive}
        >
          {shown.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
