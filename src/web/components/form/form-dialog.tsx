import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { type FormEventHandler, type ReactNode, useId } from 'react';

interface FormDialogProps {
  open?: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The form's submit handler (react-hook-form's `handleSubmit(...)`). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** While the call runs the dialog stays open, Cancel is off and the confirm button spins. */
  pending: boolean;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** The confirm button's colour, or its being off (nothing to change yet). */
  submitProps?: Pick<ButtonProps, 'color' | 'disabled'>;
  /** The form is named by the dialog's title (a form landmark inside the dialog). */
  labelForm?: boolean;
  /** Let the browser's own required-field checks run (the default leaves checks to the schema). */
  browserValidation?: boolean;
  fullScreen?: boolean;
  contentSx?: SxProps<Theme>;
}

/** A dialog around one form: title, fields, Cancel and a confirm button (spec 2 §4 dialogs, spec 1 §5 address). */
export function FormDialog({
  open = true,
  title,
  children,
  onSubmit,
  onClose,
  pending,
  submitLabel,
  cancelLabel = 'Cancel',
  submitProps,
  labelForm = false,
  browserValidation = false,
  fullScreen,
  contentSx,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <form
        onSubmit={onSubmit}
        noValidate={!browserValidation}
        aria-labelledby={labelForm ? titleId : undefined}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" loading={pending} {...submitProps}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
