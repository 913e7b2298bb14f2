import { currentSiftSession, type SiftSession } from '@domain/checkout/sift';
import { sessionStore } from '@web/lib/session-store';

// The checkout's generated ids: the purchase's idempotency key and the Sift session id.

export const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

const SIFT_KEY = 'checkout.siftSession';

/** The Sift session id of this browser session: kept while it lives (30 minutes), then renewed. */
export function siftSessionId(): string {
  // Session storage, or memory where the browser refuses it (private mode): the id still serves.
  const stored = sessionStore.get<SiftSession>(SIFT_KEY);
  const session = currentSiftSession(stored, Date.now(), () => newKey().replace(/-/g, ''));
  if (session !== stored) sessionStore.set(SIFT_KEY, session);
  return session.id;
}
