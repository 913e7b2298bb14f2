import {
  EMAIL_LINK_INVALID,
  FORGOT_PASSWORD_MESSAGE,
  INVALID_CREDENTIALS,
  type LoginRequest,
  RESET_LINK_INVALID,
  type ResetTokenInfo,
  type SessionInfo,
} from '@domain/auth/contracts';
import { canManageStaff } from '@domain/auth/permissions';
import { normalizeRole } from '@domain/auth/roles';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accounts, passwordResetTokens, staffUsers } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import { sha256 } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession, revokeAllSessions, type StaffPrincipal, toPrincipal } from '../../platform/sessions';
import { assertCustomerEmailFree } from '../accounts/account-email';
import { claimLoginAttempt, releaseLoginAttempt, trustAfterReset } from './login-throttle';
import {
  issueEmailLink,
  issuePasswordLink,
  PASSWORD_PURPOSES,
  recentLinkCount,
  spendOtherLinks,
} from './password-links';

export function sessionInfo(ctx: AppContext, staff: StaffPrincipal | null): SessionInfo {
  return {
    isLogged: Boolean(staff),
    userInfo: staff
      ? { uid: staff.id, name: staff.name, email: staff.email, directory: staff.directory }
      : null,
    role: staff?.role ?? null,
    devMode: staff?.devMode ?? false,
    junoAccess: staff?.junoAccess ?? false,
    promoAccess: staff?.promoAccess ?? false,
    appEnv: ctx.config.appEnv,
    expiresAt: staff?.expiresAt.toISOString() ?? null,
  };
}

const findByEmail = (ctx: AppContext, email: string) =>
  ctx.db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((r) => r[0]);

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: { ip: string; userAgent?: string | undefined },
): Promise<{ token: string; staff: StaffPrincipal }> {
  const email = input.email.toLowerCase();
  // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limit.
  const claim = await claimLoginAttempt(ctx.db, email, meta.ip);
  const user = await findByEmail(ctx, email);
  const valid = await verifyPassword(user?.active ? user.passwordHash : null, input.password);
  if (!user?.active || !valid) throw new AppError(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  await releaseLoginAttempt(ctx.db, claim);
  const session = await createSession(ctx.db, user.id, meta);
  await ctx.db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, user.id));
  ctx.log.info({ staffUserId: user.id }, 'staff signed in');
  return { token: session.token, staff: toPrincipal(user, session, 'cookie')! };
}

/** Same answer whether or not the email belongs to someone (no account discovery). */
export async function forgotPassword(ctx: AppContext, email: string): Promise<string> {
  const user = await findByEmail(ctx, email);
  if (user?.active) {
    await ctx.db.transaction(async (tx) => {
      if ((await recentLinkCount(tx, user.id)) >= 3) return;
      await issuePasswordLink(tx, user, 'reset', ctx.config.publicUrl);
    });
    ctx.wakeOutbox();
  }
  return FORGOT_PASSWORD_MESSAGE;
}

async function findValidToken(ctx: AppContext, token: string, purposes: ('reset' | 'set' | 'email')[]) {
  const [row] = await ctx.db
    .select({ t: passwordResetTokens, user: staffUsers })
    .from(passwordResetTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, passwordResetTokens.staffUserId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        inArray(passwordResetTokens.purpose, purposes),
      ),
    )
    .limit(1);
  if (!row || row.t.expiresAt.getTime() <= Date.now() || !row.user.active) return null;
  return row;
}

export async function resetTokenInfo(ctx: AppContext, token: string): Promise<ResetTokenInfo> {
  const row = await findValidToken(ctx, token, PASSWORD_PURPOSES);
  return row && row.t.purpose !== 'email'
    ? { valid: true, email: row.user.email, purpose: row.t.purpose }
    : { valid: false, email: null, purpose: null };
}

/**
 * Sets the new password, spends the link and ends every session of that user, in one transaction.
 * The address the link was followed from may then sign in however many guesses others send (ADR 020).
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  meta: { ip: string },
): Promise<void> {
  const row = await findValidToken(ctx, token, PASSWORD_PURPOSES);
  if (!row) throw badRequest(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, row.t.tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (spent.length === 0) throw badRequest(RESET_LINK_INVALID);
    await spendOtherLinks(tx, row.user.id, 'reset', row.t.tokenHash);
    await tx
      .update(staffUsers)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(staffUsers.id, row.user.id));
    await revokeAllSessions(tx, row.user.id);
    await trustAfterReset(tx, row.user.email.toLowerCase(), meta.ip);
    await recordChange(tx, {
      collection: 'staff-log',
      entityId: row.user.id,
      action: row.t.purpose === 'set' ? 'password.set' : 'password.reset',
      actor: { id: row.user.id, email: row.user.email, name: row.user.name },
      differences: [{ kind: 'E', path: ['password'], lhs: '••••', rhs: '••••' }],
    });
  });
  ctx.sessions.forgetUser(row.user.id);
}

export const EMAIL_CONFIRMATION_SENT = (email: string) =>
  `We sent a confirmation link to ${email}. Your sign-in email changes when you follow it.`;
const EMAIL_TAKEN = 'Another staff user already signs in with that email.';

/**
 * POST /auth/updateEmail: a customer account's email (records.edit); another staff member's
 * sign-in email (developers only, and only for staff whose access they hold); or one's own, which
 * changes only once the new address confirms it, and whose answer is the same whether or not the
 * address is taken (no discovery of staff emails).
 */
export async function updateEmail(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  email: string,
): Promise<string> {
  const actor = actorOf(staff);
  let changedStaff: string | null = null;
  const message = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUsers).where(sql`${staffUsers.id}::text = ${uid}`).limit(1);
    if (user?.id === staff.id) {
      if (email === user.email.toLowerCase()) return 'Successfully submitted';
      if ((await recentLinkCount(tx, user.id)) < 3)
        await issueEmailLink(tx, user, email, ctx.config.publicUrl);
      return EMAIL_CONFIRMATION_SENT(email);
    }
    if (user) {
      const role = normalizeRole(user.role);
      const mayChange =
        staff.role === 'developer' &&
        role !== null &&
        canManageStaff(staff, { role, promoAccess: user.promoAccess, junoAccess: user.junoAccess });
      if (!mayChange) throw forbidden("Only a developer may change another staff member's email.");
      await changeStaffEmail(tx, user, email, actor);
      changedStaff = user.id;
      return 'Successfully submitted';
    }
    const [account] = await tx
      .select({ uid: accounts.uid, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.uid, uid));
    if (!account) throw notFound('No user or account with that uid.');
    assertFieldWrites(staff, 'account', account, { email });
    if (email !== account.email?.toLowerCase()) await assertCustomerEmailFree(tx, uid, email);
    await tx.update(accounts).set({ email, updatedAt: new Date() }).where(eq(accounts.uid, uid));
    await recordChange(tx, {
      collection: 'account-log',
      entityId: uid,
      action: 'email.update',
      actor,
      before: { email: account.email },
      after: { email },
    });
    return 'Successfully submitted';
  });
  if (changedStaff) ctx.sessions.forgetUser(changedStaff);
  ctx.wakeOutbox();
  return message;
}

async function changeStaffEmail(
  tx: Tx,
  user: typeof staffUsers.$inferSelect,
  email: string,
  actor: ReturnType<typeof actorOf>,
) {
  const [taken] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email} and ${staffUsers.id} <> ${user.id}`);
  if (taken) throw conflict(EMAIL_TAKEN);
  await tx.update(staffUsers).set({ email, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
  await recordChange(tx, {
    collection: 'staff-log',
    entityId: user.id,
    action: 'email.update',
    actor,
    before: { email: user.email },
    after: { email },
  });
}

/** The emailed confirmation of a new sign-in email: spends the link and changes the email. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<string> {
  const row = await findValidToken(ctx, token, ['email']);
  if (!row?.t.newEmail) throw badRequest(EMAIL_LINK_INVALID);
  const newEmail = row.t.newEmail;
  await ctx.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, row.t.tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (spent.length === 0) throw badRequest(EMAIL_LINK_INVALID);
    await spendOtherLinks(tx, row.user.id, 'email', row.t.tokenHash);
    await changeStaffEmail(tx, row.user, newEmail, {
      id: row.user.id,
      email: row.user.email,
      name: row.user.name,
    });
  });
  ctx.sessions.forgetUser(row.user.id);
  return newEmail;
}

export async function setDevMode(
  ctx: AppContext,
  staff: StaffPrincipal,
  enabled: boolean,
): Promise<StaffPrincipal> {
  await ctx.db.update(staffUsers).set({ devMode: enabled }).where(eq(staffUsers.id, staff.id));
  ctx.sessions.forgetUser(staff.id);
  return { ...staff, devMode: enabled };
}
