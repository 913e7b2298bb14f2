import { sessionQuery } from '@web/features/auth/api/session';
import { preloadGet } from '@web/lib/api-client';
import { reloadToLogin } from '@web/lib/login-redirect';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';

/** How old a session answer may be before a navigation asks the server again. */
const SESSION_RECHECK_MS = 30_000;

/**
 * spec 1 §2 Access behaviour: a visit to a protected route first checks the session; if the
 * check fails the user is sent to login with a full page reload (and comes back here after).
 */
let shellAsked = false;

export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  // The shell's first call (the feature flags of its menu) starts with the session check, not
  // after it and the shell's chunk (ADR 034).
  if (!shellAsked) {
    shellAsked = true;
    preloadGet('/api/flags');
  }
  try {
    const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: SESSION_RECHECK_MS });
    if (session.isLogged) return null;
  } catch {
    // An unanswered check counts as a failed one.
  }
  const url = new URL(request.url);
  reloadToLogin(`${url.pathname}${url.search}`);
  // The document is being replaced; keep the router waiting rather than render a protected screen.
  return new Promise<never>(() => {});
}
