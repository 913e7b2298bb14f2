import type { ForgotPasswordRequest, ResetPasswordRequest } from '@domain/auth/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type AnswerSchema, api, checkedInDevelopment } from '@web/lib/api-client';

// Forgot password and the emailed single-use link (spec 1 §7 Session).
//
// zod stays off the screens that ask (ADR 043): the reset link's contract loads in development only,
// and the message answers are checked by hand, as their zod objects checked them.
const ResetTokenAnswer = checkedInDevelopment(() =>
  Promise.all([import('@domain/auth/contracts'), import('@domain/platform/envelope')]).then(
    ([auth, envelope]) => envelope.ok(auth.ResetTokenInfo),
  ),
);

type FieldCheck = (value: unknown) => boolean;
export const isBoolean: FieldCheck = (value) => typeof value === 'boolean';
export const isString: FieldCheck = (value) => typeof value === 'string';
const optional =
  (check: FieldCheck): FieldCheck =>
  (value) =>
    value === undefined || check(value);

/** An object answer whose every named key passes its check (other keys are the server's to drop). */
export function checkedByHand<T>(fields: Record<keyof T, FieldCheck>): AnswerSchema<T> {
  return {
    safeParse: (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.entries<FieldCheck>(fields).every(([key, check]) =>
        check((value as Record<string, unknown>)[key]),
      )
        ? { success: true, data: value as T }
        : { success: false, error: { issues: [{ message: 'Unexpected answer' }] } },
  };
}

const MessageResponse = checkedByHand<{ success: boolean; message?: string }>({
  success: isBoolean,
  message: optional(isString),
});

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.post('/api/accounts/forgotPassword', MessageResponse, body, { public: true }),
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
      api.post('/api/accounts/resetPassword', MessageResponse, body, { public: true }),
  });
}

const ConfirmEmailResponse = checkedByHand<{ success: boolean; message: string; email: string }>({
  success: isBoolean,
  message: isString,
  email: isString,
});

/** The emailed confirmation of a staff member's new sign-in email. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/auth/confirmEmail', ConfirmEmailResponse, { token }, { public: true }),
  });
}
