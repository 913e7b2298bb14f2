import { IDLE_TIMEOUT_MS } from '@domain/auth/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { staffSessions, staffUsers } from '../db/schema';
import type { Database, Db } from './db';
import { sha256 } from './ids';
import { type StaffPrincipal, toPrincipal } from './sessions';

/** Last-seen is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
const MAX_ENTRIES = 20_000;
export const STAFF_AUTH_CHANNEL = 'staff_auth';

interface Entry {
  principal: Omit<StaffPrincipal, 'authType'>;
  /** The principal as each way of signing in sees it, made once (frozen: shared by requests). */
  as: Partial<Record<StaffPrincipal['authType'], Readonly<StaffPrincipal>>>;
  tokenHash: string;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Signed-in sessions, remembered per process so that a request costs no database round trip.
 * Only a cache: the database decides. Every change that can end or alter a session (revocation,
 * deactivation, role or access change) is announced by a trigger with NOTIFY on commit
 * (migration 0003), and the process that made the change forgets at once, after its commit. While
 * the notification channel is down, nothing is remembered.
 */
export class SessionStore {
  private readonly entries = new Map<string, Entry>();
  private isListening = false;
  /** Bumped by every forget: a load that started before one must not be remembered. */
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly staffChangeListeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(STAFF_AUTH_CHANNEL, {
      onNotify: (payload) => {
        const [kind, id = ''] = payload.split(':', 2);
        if (kind === 'user') this.forgetUser(id);
        else if (kind === 'session') this.forgetTokenHash(id);
        else this.forgetAll();
      },
      onState: (listening) => {
        if (!listening && this.isListening)
          this.log.warn('session notifications lost; sessions are read from the database');
        this.isListening = listening;
        this.forgetAll();
      },
    });
  }

  async stop(): Promise<void> {
    this.isListening = false;
    this.forgetAll();
    await this.stopListening?.();
  }

  /** Whether remembering is safe now: the notification channel is up. */
  get listening(): boolean {
    return this.isListening;
  }

  /**
   * Called whenever a staff account may have changed (here after a commit, or announced by any
   * process), for other per-process caches of staff data.
   */
  onStaffChange(listener: () => void): void {
    this.staffChangeListeners.push(listener);
  }

  forgetUser(staffUserId: string): void {
    this.generation++;
    for (const listener of this.staffChangeListeners) listener();
    for (const [hash, entry] of this.entries)
      if (entry.principal.id === staffUserId) this.entries.delete(hash);
  }

  forgetToken(token: string): void {
    this.forgetTokenHash(sha256(token));
  }

  private forgetTokenHash(hash: string): void {
    this.generation++;
    this.entries.delete(hash);
  }

  private forgetAll(): void {
    this.generation++;
    for (const listener of this.staffChangeListeners) listener();
    this.entries.clear();
  }

  /** The staff member a token signs in, or null; keeps the session alive (idle timeout). */
  async resolve(token: string, authType: StaffPrincipal['authType']): Promise<StaffPrincipal | null> {
    const hash = sha256(token);
    const remembered = this.remembered(hash, authType);
    if (remembered) return remembered;
    const now = Date.now();
    const generation = this.generation;
    const loaded = await this.load(hash);
    if (!loaded || !alive(loaded, now)) return null;
    if (this.isListening && generation === this.generation) this.remember(loaded);
    return this.seen(loaded, now, authType);
  }

  /**
   * The staff member of a session this process remembers and that is still alive, without a
   * database round trip (most requests); undefined when only `resolve` can tell.
   */
  resolveRemembered(token: string, authType: StaffPrincipal['authType']): StaffPrincipal | undefined {
    return this.remembered(sha256(token), authType);
  }

  private remembered(hash: string, authType: StaffPrincipal['authType']): StaffPrincipal | undefined {
    const entry = this.isListening ? this.entries.get(hash) : undefined;
    const now = Date.now();
    // A remembered session that looks over is confirmed from the database: another process may
    // have seen it more recently.
    if (!entry || !alive(entry, now)) return undefined;
    return this.seen(entry, now, authType);
  }

  private seen(entry: Entry, now: number, authType: StaffPrincipal['authType']): StaffPrincipal {
    if (now - entry.lastSeenAt > TOUCH_EVERY_MS) {
      entry.lastSeenAt = now;
      this.touch(entry.principal.sessionId, now);
    }
    let principal = entry.as[authType];
    if (!principal) {
      principal = Object.freeze({ ...entry.principal, authType });
      entry.as[authType] = principal;
    }
    return principal;
  }

  private async load(tokenHash: string): Promise<Entry | null> {
    const [row] = await this.db
      .select({
        sessionId: staffSessions.id,
        lastSeenAt: staffSessions.lastSeenAt,
        expiresAt: staffSessions.expiresAt,
        user: staffUsers,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
      .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
      .limit(1);
    if (!row) return null;
    const principal = toPrincipal(row.user, row, 'cookie');
    if (!principal) return null;
    const { authType: _authType, ...rest } = principal;
    return {
      principal: rest,
      as: {},
      tokenHash,
      lastSeenAt: row.lastSeenAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
  }

  private remember(entry: Entry) {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(entry.tokenHash, entry);
  }

  /** Written behind the answer: a lost write only shortens how long an idle session lives. */
  private touch(sessionId: number, now: number) {
    this.db
      .update(staffSessions)
      .set({
        lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${new Date(now).toISOString()}::timestamptz)`,
      })
      .where(eq(staffSessions.id, sessionId))
      .catch((err: unknown) => this.log.warn({ err }, 'could not record session activity'));
  }
}

const alive = (entry: Entry, now: number) =>
  entry.expiresAt > now && entry.lastSeenAt + IDLE_TIMEOUT_MS > now;

/**
 * A per-process cache of reads of staff data (the Administrators list), emptied whenever a staff
 * account may have changed, here or on any other process; nothing is kept while the notification
 * channel is down. Concurrent readers of one key share one load.
 */
export function staffDataCache<K, V>(
  sessions: SessionStore,
  keyOf: (key: K) => string,
  load: (key: K) => Promise<V>,
): (key: K) => Promise<V> {
  const entries = new Map<string, Promise<V>>();
  sessions.onStaffChange(() => entries.clear());
  return (key) => {
    if (!sessions.listening) return load(key);
    const k = keyOf(key);
    let value = entries.get(k);
    if (!value) {
      if (entries.size >= 200) entries.clear();
      const loading = load(key);
      value = loading;
      entries.set(k, loading);
      loading.catch(() => {
        if (entries.get(k) === loading) entries.delete(k);
      });
    }
    return value;
  };
}
