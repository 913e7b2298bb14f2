import { createContext, useContext } from 'react';

export type AlertSeverity = 'success' | 'error' | 'info' | 'warning';

export interface AlertApi {
  show: (message: string, severity?: AlertSeverity) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}

export const AlertContext = createContext<AlertApi | null>(null);

/** The bottom-centre alert bar (spec 1 §2 Shell): success or error styling, hides after 5000 ms. */
export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside <AlertProvider>');
  return api;
}
