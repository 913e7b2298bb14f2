import { SIFT_SESSION_TTL_MS } from '../reference/constants';

// The Sift session id the order context carries (spec 2 §3 siftSessionId). It lives 30 minutes
// (DESIGN §5): the screen keeps one per browser session and starts a new one once it is 30 minutes
// old; the purchase attaches it to the order only while it is live. The id starts with its issue
// time (milliseconds, base 36) so the server can tell its age without keeping sessions.

export interface SiftSession {
  id: string;
  issuedAt: number;
}

const ID = /^([0-9a-z]{1,12})-([A-Za-z0-9]{8,64})$/;

export function newSiftSession(now: number, random: string): SiftSession {
  return { id: `${now.toString(36)}-${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 64)}`, issuedAt: now };
}

/** When the id was issued, or null when it is not a Sift session id of ours. */
export function siftSessionIssuedAt(id: string): number | null {
  const m = ID.exec(id);
  if (!m) return null;
  const at = Number.parseInt(m[1]!, 36);
  return Number.isSafeInteger(at) ? at : null;
}

/** Live: issued less than 30 minutes ago (and not in the future, beyond a minute's clock skew). */
export function isLiveSiftSession(id: string, now: number): boolean {
  const at = siftSessionIssuedAt(id);
  return at !== null && at <= now + 60_000 && now - at < SIFT_SESSION_TTL_MS;
}

/** The session to use now: the stored one while it lives, otherwise a new one. */
export function currentSiftSession(
  stored: SiftSession | null,
  now: number,
  random: () => string,
): SiftSession {
  if (stored && isLiveSiftSession(stored.id, now)) return stored;
  return newSiftSession(now, random());
}
