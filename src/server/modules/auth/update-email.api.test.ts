import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, changeEvents, staffUsers } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/updateEmail', payload, headers });

describe('POST /api/auth/updateEmail', () => {
  it('lets staff ask to change their own sign-in email, confirmed from the new address', async () => {
    const agent = await t.signIn('agent');
    const res = await update(agent.headers, { uid: agent.id, email: 'New.Address@Example.com' });
    expect(res.json()).toEqual({
      success: true,
      message:
        'We sent a confirmation link to new.address@example.com. Your sign-in email changes when you follow it.',
    });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, agent.id));
    expect(row?.email).toBe(agent.email);
  });

  it("refuses an agent changing another staff member's email, and a developer a taken email", async () => {
    const agent = await t.signIn('agent');
    const other = await t.signIn('agent');
    expect((await update(agent.headers, { uid: other.id, email: 'x@example.com' })).statusCode).toBe(403);
    const developer = await t.signIn('developer');
    const taken = await update(developer.headers, { uid: other.id, email: agent.email });
    expect(taken.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, other.id));
    expect(row?.email).toBe(other.email);
  });

  it("changes a customer account's email with an account-log event", async () => {
    const agent = await t.signIn('agent');
    const customer = await insertAccount(t.database.db, { email: 'before@example.com' });
    const res = await update(agent.headers, { uid: customer.uid, email: 'after@example.com' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.uid, customer.uid));
    expect(row?.email).toBe('after@example.com');
    const [event] = await t.database.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.entityId, customer.uid));
    expect(event).toMatchObject({
      collection: 'account-log',
      changedBy: agent.email,
      differences: [{ kind: 'E', path: ['email'], lhs: 'before@example.com', rhs: 'after@example.com' }],
    });
  });

  it('answers 404 for an unknown uid and 400 for a bad email', async () => {
    const agent = await t.signIn('agent');
    expect((await update(agent.headers, { uid: 'nobody', email: 'a@example.com' })).statusCode).toBe(404);
    expect((await update(agent.headers, { uid: agent.id, email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('refuses an email another customer account holds, as the profile edit does (one rule)', async () => {
    const agent = await t.signIn('agent');
    const holder = await insertAccount(t.database.db, { email: 'holder@example.com' });
    const other = await insertAccount(t.database.db, { email: 'other@example.com' });
    const res = await update(agent.headers, { uid: other.uid, email: 'HOLDER@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Failed to update email and customer info.');
    const profileEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/cs/customer/${other.uid}`,
      payload: { firstName: 'Other', lastName: 'Person', userType: 3, email: 'holder@example.com' },
      headers: agent.headers,
    });
    expect(profileEdit.statusCode).toBe(409);
    expect(profileEdit.json().error).toBe(res.json().error);
    for (const uid of [holder.uid, other.uid]) {
      const [row] = await t.database.db.select().from(accounts).where(eq(accounts.uid, uid));
      expect(row?.email).toBe(uid === holder.uid ? 'holder@example.com' : 'other@example.com');
    }
    const own = await update(agent.headers, { uid: holder.uid, email: 'Holder@Example.com' });
    expect(own.statusCode).toBe(200);
  });
});
