import { ABSOLUTE_TIMEOUT_MS } from '@domain/auth/contracts';
import { normalizeRole, type StaffDirectory, type StaffRole } from '@domain/auth/roles';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  customerViewSessions,
  loginAttempts,
  passwordResetTokens,
  staffSessions,
  type staffUsers,
} from '../db/schema';
import type { DbOrTx } from './db';
import { newToken, sha256 } from './ids';

/** The signed-in staff member behind a request. */
export interface StaffPrincipal {
  id: string;
  name: string;
  email: string;
  directory: StaffDirectory;
  role: StaffRole;
  promoAccess: boolean;
  junoAccess: boolean;
  devMode: boolean;
  sessionId: number;
  expiresAt: Date;
  authType: 'cookie' | 'bearer';
}

export async function createSession(
  db: DbOrTx,
  staffUserId: string,
  meta: { ip?: string | undefined; userAgent?: string | undefined },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ABSOLUTE_TIMEOUT_MS);
  const [row] = await db
    .insert(staffSessions)
    .values({
      tokenHash: sha256(token),
      staffUserId,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: staffSessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

type StaffUserRow = typeof staffUsers.$inferSelect;

export function toPrincipal(
  user: StaffUserRow,
  session: { sessionId: number; expiresAt: Date },
  authType: StaffPrincipal['authType'],
): StaffPrincipal | null {
  const role = normalizeRole(user.role);
  if (!user.active || !role) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    directory: user.directory,
    role,
    promoAccess: user.promoAccess,
    junoAccess: user.junoAccess,
    devMode: role === 'developer' && user.devMode,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt,
    authType,
  };
}

export async function revokeSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member (deactivation, password change). */
export async function revokeAllSessions(db: DbOrTx, staffUserId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffUserId, staffUserId), isNull(staffSessions.revokedAt)));
}

/** Removes sessions, reset links and sign-in counters that can no longer matter (kept a day for support). */
export async function purgeExpired(db: DbOrTx): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, dayAgo),
        lt(staffSessions.revokedAt, dayAgo),
        lt(staffSessions.lastSeenAt, dayAgo),
      ),
    );
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
  await db.delete(customerViewSessions).where(lt(customerViewSessions.expiresAt, dayAgo));
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.windowStartedAt, dayAgo),
        or(isNull(loginAttempts.trustedUntil), lt(loginAttempts.trustedUntil, sql`now()`)),
      ),
    );
}
