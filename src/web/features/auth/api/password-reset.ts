import {
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  ResetTokenInfo,
} from '@domain/auth/contracts';
import { ok } from '@domain/platform/envelope';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { z } from 'zod';

// Forgot password and the emailed single-use link (spec 1 §7 Session).

const MessageResponse = z.object({ success: z.boolean(), message: z.string().optional() });

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
      api.get(`/api/accounts/resetPassword/${encodeURIComponent(token)}`, ok(ResetTokenInfo), {
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

const ConfirmEmailResponse = z.object({ success: z.boolean(), message: z.string(), email: z.string() });

/** The emailed confirmation of a staff member's new sign-in email. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/auth/confirmEmail', ConfirmEmailResponse, { token }, { public: true }),
  });
}
