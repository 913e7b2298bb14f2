import { useMutation } from '@tanstack/react-query';
import { api, SuccessOnly } from '@web/lib/api-client';
import { LOGIN_PATH } from '@web/lib/login-redirect';

/** Logout returns to login (spec 1 §2 Shell) with a full reload, so no data of this session survives. */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout', SuccessOnly, {}, { public: true }),
    // Even when the server call fails the user asked to leave: send them to login regardless.
    onSettled: () => window.location.assign(LOGIN_PATH),
  });
}
