import { withChunkTimeout } from '@web/lib/chunk-load';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import type { AlertBarProps } from './alert-bar';
import { type AlertApi, AlertContext, type AlertSeverity } from './alert-context';

interface AlertState {
  key: number;
  message: string;
  severity: AlertSeverity;
}

/** Shown only if the alert bar's chunk cannot be loaded (e.g. the connection dropped). */
function PlainAlert({ open, message, severity }: AlertBarProps) {
  if (!open) return null;
  return (
    <div
      role="alert"
      data-testid="alert-bar"
      data-severity={severity}
      style={{ position: 'fixed', bottom: 24, left: 16, right: 16, textAlign: 'center' }}
    >
      {message}
    </div>
  );
}

// The Snackbar and its transitions are not needed until the first alert: keeping them out of the
// first screen's JavaScript (ADR 034).
const AlertBar = lazy(() => withChunkTimeout(import('./alert-bar')).catch(() => ({ default: PlainAlert })));

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

  return (
    <AlertContext.Provider value={api}>
      {children}
      {alert && (
        <Suspense fallback={null}>
          <AlertBar
            alertKey={alert.key}
            open={open}
            message={alert.message}
            severity={alert.severity}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
