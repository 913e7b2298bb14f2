import { QueryClientProvider } from '@tanstack/react-query';
import { AlertProvider } from '@web/components/alert/alert-provider';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { AppThemeProvider } from './theme/app-theme-provider';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <AlertProvider>{children}</AlertProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
