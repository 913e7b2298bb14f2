import { can } from '@domain/auth/permissions';
import { normalizeRole } from '@domain/auth/roles';
import { CUSTOMER_VIEW_TTL_MS } from '@domain/customer-view/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { customerViewSessions, staffUsers } from '../db/schema';
import type { DbOrTx } from './db';
import { newToken, sha256 } from './ids';

// Customer view sessions (ADR 022): what a redeemed "Sign in as customer" link opens. They are a
// kind apart from staff sessions — their own table, cookie (path /api/customer-view) and route
// action — so a customer view never passes the staff guard, and a staff session never opens a
// customer view. Only the token's hash is stored.

/** Who a customer-view request is: one customer, seen by one staff member. */
export interface CustomerViewPrincipal {
  sessionId: number;
  accountUid: string;
  staffUserId: string;
  staffName: string;
  staffEmail: string;
  startedAt: Date;
  expiresAt: Date;
}

export async function createCustomerViewSession(
  db: DbOrTx,
  input: { accountUid: string; staffUserId: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken() + newToken();
  const expiresAt = new Date(now.getTime() + CUSTOMER_VIEW_TTL_MS);
  await db.insert(customerViewSessions).values({
    tokenHash: sha256(token),
    accountUid: input.accountUid,
    staffUserId: input.staffUserId,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The open customer view of a token: not revoked, not expired, and its staff member still active
 * and still allowed to sign in as customers (a view ends with the access that opened it).
 */
export async function resolveCustomerViewSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<CustomerViewPrincipal | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: customerViewSessions.id,
      accountUid: customerViewSessions.accountUid,
      staffUserId: customerViewSessions.staffUserId,
      staffName: staffUsers.name,
      staffEmail: staffUsers.email,
      staffRole: staffUsers.role,
      promoAccess: staffUsers.promoAccess,
      junoAccess: staffUsers.junoAccess,
      startedAt: customerViewSessions.createdAt,
      expiresAt: customerViewSessions.expiresAt,
    })
    .from(customerViewSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, customerViewSessions.staffUserId))
    .where(
      and(
        eq(customerViewSessions.tokenHash, sha256(token)),
        isNull(customerViewSessions.revokedAt),
        gt(customerViewSessions.expiresAt, now),
        eq(staffUsers.active, true),
      ),
    )
    .limit(1);
  if (!row || !maySignInAs(row.staffRole, row)) return null;
  const { staffRole: _role, promoAccess: _promo, junoAccess: _juno, ...principal } = row;
  return principal;
}

/** Whether a staff member of this role and access may still sign in as customers. */
export function maySignInAs(role: string, access: { promoAccess: boolean; junoAccess: boolean }): boolean {
  const known = normalizeRole(role);
  return known !== null && can({ role: known, ...access }, 'customers.signInAs');
}

export async function revokeCustomerViewSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(customerViewSessions)
    .set({ revokedAt: new Date() })
    .where(eq(customerViewSessions.id, sessionId));
}
