// Codes and fixed answers of the error envelope (DESIGN §3), kept apart from the zod schemas of
// envelope.ts (which re-exports them) so that the browser's API client can use them without
// loading zod on the first screen.

export const ERROR_CODES = {
  insufficientPermissions: 'INSUFFICIENT_PERMISSIONS',
  unauthenticated: 'UNAUTHENTICATED',
  csrf: 'CSRF_HEADER_MISSING',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  badRequest: 'BAD_REQUEST',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  busy: 'SERVER_BUSY',
} as const;

/** Client-side: what a call gives when the server does not answer in time (spec 1 §7). */
export const TIMED_OUT = { success: false, error: 'Timed Out' } as const;
