// Session and link lifetimes (spec 1 §3 User session, §7 Session) and the signed-out pages' messages,
// without the contracts' schemas: screens take them without loading zod (ADR 043); contracts.ts
// re-exports them for the server.

export const PASSWORD_MIN_LENGTH = 8;
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const SET_PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'bo_session';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we sent a link to reset the password. The link works once, for one hour.';
export const FORGOT_PASSWORD_FAILURE = 'Unable to send forgot password email.';
export const RESET_LINK_INVALID = 'This link has expired or was already used. Ask for a new one.';
export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired. Ask for a new one.';
