import type { LoginRequest } from '@domain/auth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { sessionQueryKey } from './session';

// On the login page: the contract (and zod) load in development only.
const LoginAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.LoginResponse));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // Public: a 401 here means wrong credentials, to be shown on the form.
    mutationFn: (body: LoginRequest) => api.post('/api/auth/login', LoginAnswer, body, { public: true }),
    onSuccess: (response) => {
      // Whatever was cached belonged to the previous visitor of this browser. The session query
      // itself is updated in place so that the login page, which watches it, moves on.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, response.session);
    },
  });
}
