import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useSessionQuery } from '@web/features/auth/api/session';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from './create-app-theme';
import { themeVariantFor } from './palettes';

/** Picks the palette from the environment the server reports with the session (APP_ENV). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { data: session } = useSessionQuery();
  const variant = themeVariantFor(session?.appEnv);
  const theme = useMemo(() => createAppTheme(variant), [variant]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
