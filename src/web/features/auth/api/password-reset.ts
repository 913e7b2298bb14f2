import type { ForgotPasswordRequest, ResetPasswordRequest } from '@domain/auth/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// Forgot password and the emailed single-use link (spec 1 §7 Session).
//
// zod stays off the screens that ask (ADR 043): the answers' contracts load in development only.
const contracts = () => import('@domain/auth/contracts');
const ResetTokenAnswer = checkedInDevelopment(() => contracts().then((m) => m.ResetTokenAnswer));
/** Done or not, in words: the forgot password, reset password and sign-in email answers. */
export const AuthMessageAnswer = checkedInDevelopment(() => contracts().then((m) => m.AuthMessageAnswer));
const ConfirmEmailAnswer = checkedInDevelopment(() => contracts().then((m) => m.ConfirmEmailAnswer));

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.post('/api/accounts/forgotPassword', AuthMessageAnswer, body, { public: true }),
  });
}

export function useResetTokenInfo(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) =>
      api.get(`/api/accounts/resetPassword/${encodeURIComponent(token)}`, ResetTokenAnswer, {
        signal,
        public: true,
      }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api.post('/api/accounts/resetPassword', AuthMessageAnswer, body, { public: true }),
  });
}

/** The emailed confirmation of a staff member's new sign-in email. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/auth/confirmEmail', ConfirmEmailAnswer, { token }, { public: true }),
  });
}
