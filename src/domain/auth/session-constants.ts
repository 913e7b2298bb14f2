// Session and link lifetimes (spec 1 §3 User session, §7 Session), without the contracts' schemas:
// screens take them without loading zod (ADR 043); contracts.ts re-exports them for the server.

export const PASSWORD_MIN_LENGTH = 8;
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const SET_PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'bo_session';
