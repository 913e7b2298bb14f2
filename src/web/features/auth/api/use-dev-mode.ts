import type { SessionInfo } from '@domain/auth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { sessionQueryKey } from './session';

// In the top bar of every screen: the contract (and zod) load in development only.
const DevModeResponse = checkedInDevelopment(() =>
  Promise.all([import('@domain/auth/contracts'), import('@domain/platform/envelope')]).then(
    ([auth, envelope]) => envelope.ok(auth.SessionInfo),
  ),
);

/** Developer mode (spec 1 §4): developers switch it in the top bar; the server keeps it on the session. */
export function useSetDevMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.post('/api/auth/devMode', DevModeResponse, { enabled }),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      const previous = queryClient.getQueryData<SessionInfo>(sessionQueryKey);
      if (previous) queryClient.setQueryData(sessionQueryKey, { ...previous, devMode: enabled });
      return { previous };
    },
    onSuccess: (response) => queryClient.setQueryData(sessionQueryKey, response.data),
    onError: (_error, _enabled, context) => {
      if (context?.previous) queryClient.setQueryData(sessionQueryKey, context.previous);
    },
  });
}
