import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import { useSessionQuery } from '@web/features/auth/api/session';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from './create-app-theme';
import { themeVariantFor } from './palettes';

/** Picks the palette from the environment the server reports with the session (APP_ENV). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { data: session } = useSessionQuery();
  const variant = themeVariantFor(session?.appEnv);
  // What @mui/material's ThemeProvider renders for a theme without CSS variables or colour schemes
  // (ours, create-app-theme.ts); imported directly, it leaves the CSS-variables provider and its
  // colour-scheme script out of every screen's JavaScript (ADR 034).
  const theme = useMemo(() => ({ ...createAppTheme(variant), vars: null }), [variant]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
