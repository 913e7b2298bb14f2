import { useQuery } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// The first screen after sign-in: the contract (and zod) load in development only.
const DashboardAnswer = checkedInDevelopment(() =>
  Promise.all([import('@domain/platform/dashboard'), import('@domain/platform/envelope')]).then(
    ([dashboard, envelope]) => envelope.ok(dashboard.Dashboard),
  ),
);

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get('/api/dashboard', DashboardAnswer, { signal }),
    // The overview stays on screen all day; keep it roughly current without a reload.
    refetchInterval: 60_000,
  });
}
