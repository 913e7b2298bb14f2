import { RESET_LINK_TTL_MS, SET_PASSWORD_LINK_TTL_MS } from '@domain/auth/contracts';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { renderEmail } from '../../platform/email-layout';
import { newToken, sha256 } from '../../platform/ids';
import { enqueueEmail } from '../../platform/outbox';
import { SecretLink } from '../../platform/secret-link';

export type LinkPurpose = 'reset' | 'set';
type AnyPurpose = LinkPurpose | 'email';
export const PASSWORD_PURPOSES: LinkPurpose[] = ['reset', 'set'];
export const EMAIL_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * How many links of one kind (password: reset or set; email confirmation) a person may hold at
 * once, unused and unexpired (ADR 017). A new link never spends one the person already has, so
 * nobody can cancel the link in someone's mailbox by asking for another; past this number no new
 * link is issued until one is used or expires.
 */
export const MAX_LIVE_LINKS = 3;

const purposesOf = (purpose: AnyPurpose): AnyPurpose[] =>
  purpose === 'email' ? ['email'] : PASSWORD_PURPOSES;

/** Unused, unexpired links of the kind of `purpose` the person holds. */
export async function liveLinkCount(tx: DbOrTx, staffUserId: string, purpose: AnyPurpose): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.staffUserId, staffUserId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        inArray(passwordResetTokens.purpose, purposesOf(purpose)),
      ),
    );
  return row?.n ?? 0;
}

/** Once one link of a kind is used, the person's other links of that kind stop working. */
export async function spendOtherLinks(tx: DbOrTx, staffUserId: string, purpose: AnyPurpose, used: string) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.staffUserId, staffUserId),
        isNull(passwordResetTokens.usedAt),
        inArray(passwordResetTokens.purpose, purposesOf(purpose)),
        ne(passwordResetTokens.tokenHash, used),
      ),
    );
}

/** A new single-use token, of which only the hash is kept; the link is a SecretLink from the start. */
async function newLink(
  tx: DbOrTx,
  row: { staffUserId: string; purpose: AnyPurpose; newEmail?: string },
  ttlMs: number,
  address: (token: string) => string,
  what: string,
): Promise<SecretLink | null> {
  if ((await liveLinkCount(tx, row.staffUserId, row.purpose)) >= MAX_LIVE_LINKS) return null;
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx.insert(passwordResetTokens).values({ ...row, tokenHash: sha256(token), expiresAt });
  return new SecretLink(address(encodeURIComponent(token)), what, expiresAt);
}

/**
 * Issues a single-use password link and queues its email in the same transaction. Null when the
 * person already holds MAX_LIVE_LINKS password links (nothing is sent).
 */
export async function issuePasswordLink(
  tx: DbOrTx,
  user: { id: string; name: string; email: string },
  purpose: LinkPurpose,
  publicUrl: string,
): Promise<SecretLink | null> {
  const url = await newLink(
    tx,
    { staffUserId: user.id, purpose },
    purpose === 'reset' ? RESET_LINK_TTL_MS : SET_PASSWORD_LINK_TTL_MS,
    (token) => `${publicUrl}/resetpassword?token=${token}`,
    'password link',
  );
  if (!url) return null;
  const email =
    purpose === 'reset'
      ? renderEmail({
          title: 'Reset your password',
          paragraphs: [
            `Hi ${user.name},`,
            'Someone asked to reset the password of your Customer Service Back Office account. Use the button below within one hour; the link works once.',
            'If you did not ask for this, you can ignore this email: your password stays the same.',
          ],
          action: { label: 'Choose a new password', url },
        })
      : renderEmail({
          title: 'Your back-office account is ready',
          paragraphs: [
            `Hi ${user.name},`,
            'An administrator created a Customer Service Back Office account for you. Choose your password with the button below; the link works once, within 24 hours.',
          ],
          action: { label: 'Set my password', url },
        });
  await enqueueEmail(tx, {
    template: purpose === 'reset' ? 'staff.passwordReset' : 'staff.setPassword',
    to: user.email,
    subject: purpose === 'reset' ? 'Reset your password' : 'Set your back-office password',
    ...email,
    payload: { staffUserId: user.id },
    entityId: user.id,
  });
  return url;
}

/**
 * Staff change their own sign-in email by proving they read the new mailbox: the link goes to the
 * new address, and the email changes only when it is followed.
 */
export async function issueEmailLink(
  tx: DbOrTx,
  user: { id: string; name: string },
  newEmail: string,
  publicUrl: string,
): Promise<SecretLink | null> {
  const url = await newLink(
    tx,
    { staffUserId: user.id, purpose: 'email', newEmail },
    EMAIL_LINK_TTL_MS,
    (token) => `${publicUrl}/confirm-email?token=${token}`,
    'confirmation link',
  );
  if (!url) return null;
  await enqueueEmail(tx, {
    template: 'staff.confirmEmail',
    to: newEmail,
    subject: 'Confirm your new sign-in email',
    ...renderEmail({
      title: 'Confirm your new sign-in email',
      paragraphs: [
        `Hi ${user.name},`,
        'You asked to sign in to the Customer Service Back Office with this address. Confirm it with the button below within one hour; the link works once.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      action: { label: 'Confirm this email', url },
    }),
    payload: { staffUserId: user.id },
    entityId: user.id,
  });
  return url;
}

/** How many reset emails a user was sent in the last hour (to stop email floods). */
export async function recentLinkCount(tx: DbOrTx, staffUserId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.staffUserId, staffUserId),
        sql`${passwordResetTokens.createdAt} > now() - interval '1 hour'`,
      ),
    );
  return row?.n ?? 0;
}
