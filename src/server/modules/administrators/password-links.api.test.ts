import { canManageStaff } from '@domain/auth/permissions';
import { STAFF_ROLES } from '@domain/auth/roles';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordResetTokens, staffUsers } from '../../db/schema';
import { sha256 } from '../../platform/ids';
import { processOutbox } from '../../platform/outbox';
import { mailbox } from '../../testing/mailbox';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { MAX_LIVE_LINKS } from '../auth/password-links';

// ADR 017. A password link to another staff member follows the rule of every other change to
// their account (canManageStaff), and a new link never spends the one already in their mailbox.

const inbox = mailbox();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: inbox.mailer });
});
afterAll(() => t.close());

let n = 0;
const sendLink = (as: SignedIn, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/administrators/${id}/sendPasswordLink`, headers: as.headers });
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/forgotPassword', payload: { email } });
const deliver = () => processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
const linkInfo = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/accounts/resetPassword/${token}` })).json().data;
const mailTo = async (email: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;

async function staffMember(o: { role: string; promoAccess: boolean; junoAccess: boolean }) {
  const [row] = await t.database.db
    .insert(staffUsers)
    .values({ ...o, name: `Target ${++n}`, email: `target${n}@links.example.com`, directory: 'users' })
    .returning();
  return row!;
}

const principal = fc.record({
  role: fc.constantFrom(...STAFF_ROLES),
  promoAccess: fc.boolean(),
  junoAccess: fc.boolean(),
});

describe('sending a password link to someone else', () => {
  it('is allowed exactly when the sender may manage the recipient (canManageStaff)', async () => {
    const actors = new Map<string, SignedIn>();
    const actorFor = async (p: {
      role: (typeof STAFF_ROLES)[number];
      promoAccess: boolean;
      junoAccess: boolean;
    }) => {
      const key = JSON.stringify(p);
      if (!actors.has(key)) actors.set(key, await t.signIn(p.role, p));
      return actors.get(key)!;
    };
    await fc.assert(
      fc.asyncProperty(principal, principal, async (actorAccess, targetAccess) => {
        const actor = await actorFor(actorAccess);
        const target = await staffMember(targetAccess);
        const res = await sendLink(actor, target.id);
        const allowed = canManageStaff(actorAccess, targetAccess);
        expect(res.statusCode, JSON.stringify({ actorAccess, targetAccess })).toBe(allowed ? 200 : 403);
        // Refused, it issues and sends nothing.
        const [issued] = await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.staffUserId, target.id));
        expect(issued?.n).toBe(allowed ? 1 : 0);
        expect(await mailTo(target.email)).toBe(allowed ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });

  it('is allowed to oneself, whatever one holds', async () => {
    const agent = await t.signIn('agent');
    const juno = await t.signIn('developer', { junoAccess: true });
    // An agent cannot reach the route at all (administrators.manage); a developer may mail themselves.
    expect((await sendLink(agent, agent.id)).statusCode).toBe(403);
    expect((await sendLink(juno, juno.id)).statusCode).toBe(200);
  });
});

describe('how many links a person holds', () => {
  it('a new link leaves the unused ones working; past the limit none is issued; using one spends the rest', async () => {
    const developer = await t.signIn('developer', { junoAccess: true, promoAccess: true });
    const target = await staffMember({ role: 'agent', promoAccess: false, junoAccess: false });
    await t.database.db.update(staffUsers).set({ passwordHash: 'x' }).where(eq(staffUsers.id, target.id));

    // One from the public form, then the administrator's: both work.
    expect((await forgot(target.email)).statusCode).toBe(200);
    await deliver();
    const first = inbox.token(target.email)!;
    expect((await sendLink(developer, target.id)).statusCode).toBe(200);
    await deliver();
    const second = inbox.token(target.email)!;
    expect(second).not.toBe(first);
    expect(await linkInfo(first)).toMatchObject({ valid: true });
    expect(await linkInfo(second)).toMatchObject({ valid: true });

    // The third is the last one issued while none is used or expired.
    expect((await sendLink(developer, target.id)).statusCode).toBe(200);
    const refused = await sendLink(developer, target.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `${target.name} already has ${MAX_LIVE_LINKS} password links that are unused and unexpired. Ask them to use one, or send another once one expires.`,
    );
    // The public form answers as always and sends nothing more.
    const mails = await mailTo(target.email);
    expect((await forgot(target.email)).json().success).toBe(true);
    expect(await mailTo(target.email)).toBe(mails);
    expect(await linkInfo(first)).toMatchObject({ valid: true });

    // One expires: another may be sent, and the others still work.
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(second)));
    expect(await linkInfo(second)).toMatchObject({ valid: false });
    expect((await sendLink(developer, target.id)).statusCode).toBe(200);
    await deliver();
    const fourth = inbox.token(target.email)!;

    // Using one spends every other password link of that person.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token: fourth, password: 'Chosen-Password-8' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await linkInfo(first)).toMatchObject({ valid: false });
    const [live] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.staffUserId, target.id), sql`used_at is null and expires_at > now()`),
      );
    expect(live?.n).toBe(0);
  });
});
