import { Dashboard } from '@domain/platform/dashboard';
import { ok } from '@domain/platform/envelope';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get('/api/dashboard', ok(Dashboard), { signal }),
    // The overview stays on screen all day; keep it roughly current without a reload.
    refetchInterval: 60_000,
  });
}
