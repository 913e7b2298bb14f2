import { ACCOUNT_MESSAGES, INVALID_TAX_COMMENT_PREFIX } from '@domain/accounts/messages';
import { CUSTOMER_VIEW_MESSAGES, CUSTOMER_VIEW_PAGE } from '@domain/customer-view/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accountComments, customerLoginTokens, invalidTaxNumberAttempts, staffUsers } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { customerEmailLocale } from '../../platform/customer-email';
import { maySignInAs } from '../../platform/customer-view-sessions';
import type { Tx } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { newToken, sha256 } from '../../platform/ids';
import { enqueueEmail } from '../../platform/outbox';
import type { StaffPrincipal } from '../../platform/sessions';
import { recordAccountEvent, updateAccount } from './account-change';
import { type AccountRow, fullName, loadAccount } from './accounts.repo';
import { passwordResetEmail, termsAcceptanceEmail } from './emails';

// Account operations of spec 1 §4 and §7: status, emails, sign in as the customer (the tax
// number is in tax-number.service.ts).

/** Sign-in-as tokens live five minutes and work once. */
export const CUSTOMER_TOKEN_TTL_MS = 5 * 60 * 1000;

/** The account's email locale: its language and country. */
const localeOf = (account: AccountRow) =>
  customerEmailLocale({ languageId: account.defaultLanguageId, countryId: account.countryId });

export async function updateStatus(ctx: AppContext, staff: StaffPrincipal, uid: string, status: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    return updateAccount(tx, staff, before, 'account.status', { accountStatus: status });
  });
}

/** Queues the terms and conditions acceptance email (outbox) to the given or the account's email. */
export async function resendTermsEmail(ctx: AppContext, staff: StaffPrincipal, uid: string, email?: string) {
  await ctx.db.transaction(async (tx) => {
    const account = await loadAccount(tx, uid);
    const to = email ?? account.email;
    if (!to) throw badRequest(`${ACCOUNT_MESSAGES.termsEmailFailed}The account has no email address.`);
    await enqueueEmail(
      tx,
      termsAcceptanceEmail({
        uid,
        firstName: account.firstName,
        to,
        locale: localeOf(account),
        customerSiteUrl: ctx.config.customerSiteUrl,
      }),
    );
    await recordAccountEvent(tx, staff, uid, 'email.termsAcceptance', {
      differences: [{ kind: 'N', path: ['emails', 'termsAcceptance'], rhs: to }],
    });
  });
  ctx.wakeOutbox();
}

/** `POST /api/cs/account/{uid}/reset-password`: the customer gets the reset-password email. */
export async function sendResetPassword(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  await ctx.db.transaction(async (tx) => {
    const account = await loadAccount(tx, uid);
    if (!account.email) throw badRequest(ACCOUNT_MESSAGES.resetPasswordFailed);
    await enqueueEmail(
      tx,
      passwordResetEmail({
        uid,
        firstName: account.firstName,
        to: account.email,
        locale: localeOf(account),
        customerSiteUrl: ctx.config.customerSiteUrl,
      }),
    );
    await recordAccountEvent(tx, staff, uid, 'email.passwordReset', {
      differences: [{ kind: 'N', path: ['emails', 'passwordReset'], rhs: account.email }],
    });
  });
  ctx.wakeOutbox();
}

/**
 * Sign in as the customer (spec 1 §4): a single-use, five-minute token whose hash only is stored,
 * audited with the staff member who asked. The answer is the link to open: CUSTOMER_SITE_URL
 * (this app by default, which serves the customer view) + `/login/token?token=…`.
 */
export async function createCustomerToken(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return ctx.db.transaction(async (tx) => {
    const account = await loadAccount(tx, uid);
    if (account.accountStatus !== 1)
      throw badRequest(`${ACCOUNT_MESSAGES.signInAsFailed}: the account is terminated.`);
    const token = newToken() + newToken();
    const expiresAt = new Date(Date.now() + CUSTOMER_TOKEN_TTL_MS);
    await tx.insert(customerLoginTokens).values({
      tokenHash: sha256(token),
      accountUid: uid,
      createdBy: staff.email,
      createdById: staff.id,
      expiresAt,
    });
    await recordAccountEvent(tx, staff, uid, 'account.signInAs', {
      differences: [
        { kind: 'N', path: ['signInAs'], rhs: { by: staff.email, expiresAt: expiresAt.toISOString() } },
      ],
    });
    const url = new URL(CUSTOMER_VIEW_PAGE, `${ctx.config.customerSiteUrl}/`);
    url.searchParams.set('token', token);
    return { url: url.toString(), expiresAt: expiresAt.toISOString() };
  });
}

/** Where a sign-in token was spent: the customer site's exchange, or this app's customer view. */
export type TokenRedeemedBy = 'customerSite' | 'customerView';

/**
 * Spends a sign-in token: once, before it expires, in the caller's transaction, with an account-log
 * event on the customer made by the staff member who asked for it (spec 1 §4; ADR 022).
 */
export async function spendCustomerToken(
  tx: Tx,
  token: string,
  via: TokenRedeemedBy,
  now = new Date(),
): Promise<{ account: AccountRow; staff: { id: string; email: string; name: string } }> {
  const [row] = await tx
    .update(customerLoginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerLoginTokens.tokenHash, sha256(token)),
        isNull(customerLoginTokens.usedAt),
        gt(customerLoginTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError(401, CUSTOMER_VIEW_MESSAGES.linkInvalid, 'TOKEN_INVALID');
  const [staff] = await tx
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      active: staffUsers.active,
      role: staffUsers.role,
      promoAccess: staffUsers.promoAccess,
      junoAccess: staffUsers.junoAccess,
    })
    .from(staffUsers)
    .where(row.createdById ? eq(staffUsers.id, row.createdById) : eq(staffUsers.email, row.createdBy))
    .limit(1);
  // The staff member was deactivated or lost the permission since: the link dies with their access.
  if (!staff?.active || !maySignInAs(staff.role, staff))
    throw new AppError(401, CUSTOMER_VIEW_MESSAGES.linkInvalid, 'TOKEN_INVALID');
  const account = await loadAccount(tx, row.accountUid);
  await recordChange(tx, {
    collection: 'account-log',
    entityId: account.uid,
    action: 'account.signInAsRedeemed',
    actor: { id: staff.id, email: staff.email, name: staff.name, authType: 'session' },
    differences: [{ kind: 'N', path: ['signInAs', 'redeemed'], rhs: { by: staff.email, via } }],
  });
  return { account, staff: { id: staff.id, email: staff.email, name: staff.name } };
}

/** `customTokenLogin`: the customer site exchanges the token once for the account it signs in to. */
export async function redeemCustomerToken(ctx: AppContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const { account, staff } = await spendCustomerToken(tx, token, 'customerSite');
    return {
      uid: account.uid,
      phoenixId: account.phoenixId,
      fullName: fullName(account),
      createdBy: staff.email,
    };
  });
}

/**
 * The invalid tax-number attempts of an account (spec 1 §7 invalid-tax-number/attempts). When the
 * last attempt's code is not yet in the account's comments, the spec's system comment is added.
 */
export async function invalidTaxAttempts(ctx: AppContext, uid: string) {
  return ctx.db.transaction(async (tx) => {
    await loadAccount(tx, uid);
    const attempts = await tx
      .select()
      .from(invalidTaxNumberAttempts)
      .where(eq(invalidTaxNumberAttempts.accountUid, uid))
      .orderBy(desc(invalidTaxNumberAttempts.attemptedAt), desc(invalidTaxNumberAttempts.id));
    let commentAdded = false;
    const last = attempts[0];
    if (last) {
      const text = `${INVALID_TAX_COMMENT_PREFIX}${last.code}`;
      const existing = await tx
        .select({ id: accountComments.id })
        .from(accountComments)
        .where(and(eq(accountComments.accountUid, uid), eq(accountComments.description, text)))
        .limit(1);
      if (existing.length === 0) {
        await tx
          .insert(accountComments)
          .values({ accountUid: uid, description: text, name: 'System', system: true });
        await recordAccountEvent(tx, null, uid, 'account.systemComment', {
          differences: [{ kind: 'N', path: ['comments'], rhs: text }],
        });
        commentAdded = true;
      }
    }
    return {
      data: attempts.map((a) => ({ code: a.code, attemptedAt: a.attemptedAt.toISOString() })),
      commentAdded,
    };
  });
}
