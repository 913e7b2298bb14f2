// Kept apart from the zod contracts so that the browser's API client can read them without
// loading zod on the first screen (contracts.ts re-exports them for everyone else).

/** Header a cookie-authenticated mutating request must carry (CSRF). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'back-office';
