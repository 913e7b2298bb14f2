import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';

// One client for the whole app; the router's session loader reads the same cache.

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Retrying a refused or invalid request gives the same answer; a time-out already waited 15 s.
  if (error instanceof ApiError && (error.status >= 400 || error.timedOut)) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
