import { ok } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import { z } from 'zod';
import { EMAIL_PATTERN, MESSAGES } from '../validation';
import { STAFF_DIRECTORIES, STAFF_ROLES } from './roles';

// Session and sign-in contracts (spec 1 §3 User session, §7 Session).

import { PASSWORD_MIN_LENGTH } from './session-constants';

export { CSRF_HEADER, CSRF_HEADER_VALUE } from './csrf';
export {
  ABSOLUTE_TIMEOUT_MS,
  EMAIL_LINK_INVALID,
  FORGOT_PASSWORD_FAILURE,
  FORGOT_PASSWORD_MESSAGE,
  IDLE_TIMEOUT_MS,
  PASSWORD_MIN_LENGTH,
  RESET_LINK_INVALID,
  RESET_LINK_TTL_MS,
  SESSION_COOKIE,
  SET_PASSWORD_LINK_TTL_MS,
} from './session-constants';

/** The form-rules library's email rule (spec 3 §5), stored in lower case. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(EMAIL_PATTERN, MESSAGES.email));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Please enter ${PASSWORD_MIN_LENGTH} or more characters`)
  .max(200, 'Password can not exceed 200 characters');
/**
 * A new password with its confirmation (set and reset password screens): spec 3 §5's words,
 * 'Please enter {n} or more characters' (n = 8 here, stronger than the spec's 6) and
 * 'Please make sure your passwords match' under the confirmation.
 */
export const NewPasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordMatch,
  });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

export const LoginRequest = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const UserInfo = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  directory: z.enum(STAFF_DIRECTORIES),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const SessionInfo = z.object({
  isLogged: z.boolean(),
  userInfo: UserInfo.nullable(),
  role: z.enum(STAFF_ROLES).nullable(),
  devMode: z.boolean(),
  junoAccess: z.boolean(),
  promoAccess: z.boolean(),
  appEnv: z.string(),
  expiresAt: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const LoginResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  /** The session token, for API clients that send it as `Authorization: Bearer`. */
  token: z.string(),
  session: SessionInfo,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const UpdateEmailRequest = z.object({ email: emailSchema, uid: userUid() });
export type UpdateEmailRequest = z.infer<typeof UpdateEmailRequest>;

export const ForgotPasswordRequest = z.object({
  email: emailSchema,
  channel: z.string().max(20).default('web'),
  localeCode: z.enum(['en-US', 'en-CA', 'fr-CA']).default('en-US'),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResetTokenInfo = z.object({
  valid: z.boolean(),
  email: z.string().nullable(),
  purpose: z.enum(['reset', 'set']).nullable(),
});
export type ResetTokenInfo = z.infer<typeof ResetTokenInfo>;
/** The answer of GET /api/accounts/resetPassword/{token}. */
export const ResetTokenAnswer = ok(ResetTokenInfo);

export const DevModeRequest = z.object({ enabled: z.boolean() });

export const TOO_MANY_ATTEMPTS = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
export const ConfirmEmailRequest = z.object({ token: z.string().min(1).max(200) });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;
/** What the sign-in email change, forgot password and reset password answer: done or not, in words. */
export const AuthMessageAnswer = z.object({ success: z.boolean(), message: z.string() });
export type AuthMessageAnswer = z.infer<typeof AuthMessageAnswer>;
/** The answer of a confirmed sign-in email: the email now signed in with. */
export const ConfirmEmailAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type ConfirmEmailAnswer = z.infer<typeof ConfirmEmailAnswer>;
export const INVALID_CREDENTIALS = 'The email or password is incorrect.';
