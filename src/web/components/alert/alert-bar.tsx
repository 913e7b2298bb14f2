import { ALERT_AUTO_HIDE_MS } from '@domain/reference/constants';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { AlertSeverity } from './alert-context';

export interface AlertBarProps {
  alertKey: number;
  open: boolean;
  message: string;
  severity: AlertSeverity;
  onClose: () => void;
}

/** The bottom-centre alert bar itself (spec 1 §2 Shell); a chunk of its own, loaded with the first alert. */
export default function AlertBar({ alertKey, open, message, severity, onClose }: AlertBarProps) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the agent has not read yet.
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      key={alertKey}
      open={open}
      autoHideDuration={ALERT_AUTO_HIDE_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="alert-bar"
        onClose={handleClose}
        severity={severity}
        variant="filled"
        sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
