import type { SessionInfo } from '@domain/auth/contracts';
import type { Principal } from '@domain/auth/permissions';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// The session check (spec 1 §3 User session). It always answers 200; `isLogged` says whether
// the cookie still holds a live session.

export const sessionQueryKey = ['auth', 'session'] as const;

// Every screen asks for the session first: its contract (and zod) load in development only.
const SessionAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.SessionInfo));

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api.get('/api/auth/session', SessionAnswer, { signal, public: true }),
  staleTime: 30_000,
});

/** The session where it may still be loading (theme, login page). */
export function useSessionQuery() {
  return useQuery(sessionQuery);
}

/** The session inside protected routes, whose loader has already checked it. */
export function useSession(): SessionInfo {
  return useSuspenseQuery(sessionQuery).data;
}

export function principalOf(session: SessionInfo | undefined): Principal | null {
  if (!session?.isLogged || !session.role) return null;
  return { role: session.role, promoAccess: session.promoAccess, junoAccess: session.junoAccess };
}
