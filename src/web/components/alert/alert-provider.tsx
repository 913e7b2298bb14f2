import { ALERT_AUTO_HIDE_MS } from '@domain/reference/constants';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type AlertApi, AlertContext, type AlertSeverity } from './alert-context';

interface AlertState {
  key: number;
  message: string;
  severity: AlertSeverity;
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertSeverity = 'success') => {
    // A new key restarts the auto-hide timer when one alert follows another.
    setAlert((previous) => ({ key: (previous?.key ?? 0) + 1, message, severity }));
    setOpen(true);
  }, []);

  const api = useMemo<AlertApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show],
  );

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the agent has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Snackbar
        key={alert?.key}
        open={open}
        autoHideDuration={ALERT_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          data-testid="alert-bar"
          onClose={handleClose}
          severity={alert?.severity ?? 'success'}
          variant="filled"
          sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
        >
          {alert?.message}
        </Alert>
      </Snackbar>
    </AlertContext.Provider>
  );
}
