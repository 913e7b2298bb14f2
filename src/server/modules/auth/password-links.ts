import { RESET_LINK_TTL_MS, SET_PASSWORD_LINK_TTL_MS } from '@domain/auth/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { renderEmail } from '../../platform/email-layout';
import { newToken, sha256 } from '../../platform/ids';
import { enqueueEmail } from '../../platform/outbox';

export type LinkPurpose = 'reset' | 'set';
export const PASSWORD_PURPOSES: LinkPurpose[] = ['reset', 'set'];
export const EMAIL_LINK_TTL_MS = 60 * 60 * 1000;

/** Earlier unused links of the same kind stop working: only the newest one is valid. */
async function spendEarlierLinks(tx: DbOrTx, staffUserId: string, purposes: ('reset' | 'set' | 'email')[]) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.staffUserId, staffUserId),
        isNull(passwordResetTokens.usedAt),
        inArray(passwordResetTokens.purpose, purposes),
      ),
    );
}

/** Issues a single-use password link and queues its email in the same transaction. */
export async function issuePasswordLink(
  tx: DbOrTx,
  user: { id: string; name: string; email: string },
  purpose: LinkPurpose,
  publicUrl: string,
): Promise<void> {
  await spendEarlierLinks(tx, user.id, PASSWORD_PURPOSES);
  const token = newToken();
  const ttl = purpose === 'reset' ? RESET_LINK_TTL_MS : SET_PASSWORD_LINK_TTL_MS;
  await tx.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    staffUserId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + ttl),
  });
  const url = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
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
    payload: { staffUserId: user.id, url },
    entityId: user.id,
  });
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
): Promise<void> {
  await spendEarlierLinks(tx, user.id, ['email']);
  const token = newToken();
  await tx.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    staffUserId: user.id,
    purpose: 'email',
    newEmail,
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
  });
  const url = `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
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
    payload: { staffUserId: user.id, url },
    entityId: user.id,
  });
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
