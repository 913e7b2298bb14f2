import type { FeatureFlagName, FeatureFlagsResponse } from '@domain/platform/feature-flags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// Read by the shell of every screen: the contracts (and zod) load in development only.
const flagsContracts = () => import('@domain/platform/feature-flags');
const FlagsAnswer = checkedInDevelopment(() => flagsContracts().then((m) => m.FeatureFlagsResponse));
const FlagAnswer = checkedInDevelopment(() =>
  Promise.all([flagsContracts(), import('@domain/platform/envelope')]).then(([flags, envelope]) =>
    envelope.ok(flags.FeatureFlag),
  ),
);

const flagsKey = ['feature-flags'] as const;

export function useFeatureFlags() {
  return useQuery({
    queryKey: flagsKey,
    queryFn: ({ signal }) => api.get('/api/flags', FlagsAnswer, { signal }),
    staleTime: 60_000,
  });
}

/** Whether a named flag is on; unknown or not yet loaded counts as off. */
export function useFeatureFlag(name: FeatureFlagName): boolean {
  const { data } = useFeatureFlags();
  return data?.data.some((flag) => flag.name === name && flag.enabled) ?? false;
}

export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      api.put(`/api/flags/${encodeURIComponent(name)}`, FlagAnswer, { enabled }),
    onSuccess: ({ data: updated }) =>
      queryClient.setQueryData<FeatureFlagsResponse>(flagsKey, (current) =>
        current
          ? { ...current, data: current.data.map((flag) => (flag.name === updated.name ? updated : flag)) }
          : current,
      ),
  });
}
