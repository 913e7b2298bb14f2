import { STAFF_ROLES, type StaffRole } from '@domain/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, staffUsers } from '../../db/schema';
import { processOutbox } from '../../platform/outbox';
import { type Mailbox, mailbox } from '../../testing/mailbox';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Nobody grants a role, promoAccess or junoAccess they do not hold, nobody changes their own
// access, and only a developer changes another staff member's email; each path, as each role.

let t: TestApp;
let inbox: Mailbox;
beforeAll(async () => {
  inbox = mailbox();
  t = await createTestApp({ mailer: inbox.mailer });
});
afterAll(() => t.close());

const ADMINS = ['leader', 'developer'] as const;
const NON_ADMINS = ['agent', 'fraudAgent', 'salesOperatorManager'] as const;
/** The roles each administrator role holds all the permissions of. */
const GRANTABLE: Record<(typeof ADMINS)[number], StaffRole[]> = {
  leader: ['agent', 'leader'],
  developer: [...STAFF_ROLES],
};

let n = 0;
const patch = (as: SignedIn, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/administrators/${id}`, payload, headers: as.headers });
const create = (as: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/administrators',
    headers: as.headers,
    payload: { name: 'New Staff', email: `new-${++n}@grants.example.com`, directory: 'users', ...payload },
  });
const session = async (as: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as.headers })).json();
const row = async (id: string) =>
  (await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

describe('own access', () => {
  it.each(STAFF_ROLES)('a %s cannot change their own role, promoAccess or junoAccess', async (role) => {
    const me = await t.signIn(role);
    const otherRole = role === 'developer' ? 'agent' : 'developer';
    for (const change of [{ junoAccess: true }, { promoAccess: true }, { role: otherRole }]) {
      const res = await patch(me, me.id, change);
      expect(res.statusCode).toBe(403);
    }
    expect(await session(me)).toMatchObject({ role, junoAccess: false, promoAccess: false });
    expect(await row(me.id)).toMatchObject({ role, junoAccess: false, promoAccess: false });
  });

  it('a developer cannot remove their own junoAccess either', async () => {
    const dev = await t.signIn('developer', { junoAccess: true, promoAccess: true });
    expect((await patch(dev, dev.id, { junoAccess: false })).statusCode).toBe(403);
    expect((await row(dev.id)).junoAccess).toBe(true);
  });
});

describe('creating staff', () => {
  it.each(ADMINS)('a %s creates only the roles it holds', async (role) => {
    const admin = await t.signIn(role);
    for (const target of STAFF_ROLES) {
      const res = await create(admin, { role: target });
      expect(res.statusCode, `${role} creating ${target}`).toBe(GRANTABLE[role].includes(target) ? 200 : 403);
    }
  });

  it.each(ADMINS)(
    'a %s without the flags cannot create staff with promoAccess or junoAccess',
    async (role) => {
      const admin = await t.signIn(role);
      expect((await create(admin, { role: 'agent', promoAccess: true })).statusCode).toBe(403);
      expect((await create(admin, { role: 'agent', junoAccess: true })).statusCode).toBe(403);
    },
  );

  it('a leader holding promoAccess may give it, but not junoAccess nor the developer role', async () => {
    const leader = await t.signIn('leader', { promoAccess: true });
    expect((await create(leader, { role: 'agent', promoAccess: true })).statusCode).toBe(200);
    expect(
      (await create(leader, { role: 'developer', promoAccess: true, junoAccess: true })).statusCode,
    ).toBe(403);
    const dev = await t.signIn('developer', { promoAccess: true, junoAccess: true });
    expect((await create(dev, { role: 'developer', promoAccess: true, junoAccess: true })).statusCode).toBe(
      200,
    );
  });

  it.each(NON_ADMINS)('a %s cannot create staff at all', async (role) => {
    const user = await t.signIn(role, { promoAccess: true, junoAccess: true });
    expect((await create(user, { role: 'agent' })).statusCode).toBe(403);
  });
});

describe("changing someone else's account", () => {
  it('a leader changes agents and leaders within what it holds', async () => {
    const leader = await t.signIn('leader');
    const agent = await t.signIn('agent');
    expect((await patch(leader, agent.id, { role: 'leader' })).statusCode).toBe(200);
    expect((await patch(leader, agent.id, { role: 'developer' })).statusCode).toBe(403);
    expect((await patch(leader, agent.id, { role: 'fraudAgent' })).statusCode).toBe(403);
    expect((await patch(leader, agent.id, { junoAccess: true })).statusCode).toBe(403);
    expect(await row(agent.id)).toMatchObject({ role: 'leader', junoAccess: false });
  });

  it('a leader cannot change, deactivate or re-activate a developer', async () => {
    const leader = await t.signIn('leader', { promoAccess: true });
    const dev = await t.signIn('developer', { promoAccess: true, junoAccess: true });
    expect((await patch(leader, dev.id, { role: 'agent' })).statusCode).toBe(403);
    expect((await patch(leader, dev.id, { junoAccess: false })).statusCode).toBe(403);
    const deactivate = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${dev.id}/deactivate`,
      headers: leader.headers,
    });
    expect(deactivate.statusCode).toBe(403);
    expect(await row(dev.id)).toMatchObject({ role: 'developer', junoAccess: true, active: true });
  });

  it('a developer without junoAccess cannot manage staff who hold it', async () => {
    const dev = await t.signIn('developer');
    const other = await t.signIn('agent', { junoAccess: true });
    expect((await patch(dev, other.id, { role: 'leader' })).statusCode).toBe(403);
    const holder = await t.signIn('developer', { junoAccess: true, promoAccess: true });
    expect((await patch(holder, other.id, { role: 'leader', junoAccess: false })).statusCode).toBe(200);
  });

  it('a change of role or access reaches the session of the changed user', async () => {
    const dev = await t.signIn('developer', { promoAccess: true, junoAccess: true });
    const agent = await t.signIn('agent');
    expect((await patch(dev, agent.id, { role: 'leader', promoAccess: true })).statusCode).toBe(200);
    expect(await session(agent)).toMatchObject({ role: 'leader', promoAccess: true });
  });
});

describe('POST /api/auth/updateEmail on staff', () => {
  const updateEmail = (as: SignedIn, uid: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/updateEmail',
      headers: as.headers,
      payload: { uid, email },
    });

  it.each(STAFF_ROLES)("a %s cannot change a developer's email unless a developer", async (role) => {
    const target = await t.signIn('developer');
    const actor = await t.signIn(role);
    const res = await updateEmail(actor, target.id, `taken-over-${role}@attacker.example.com`);
    expect(res.statusCode).toBe(role === 'developer' ? 200 : 403);
    expect((await row(target.id)).email).toBe(
      role === 'developer' ? `taken-over-${role}@attacker.example.com` : target.email,
    );
  });

  it('a leader cannot take over a developer by changing the email and resetting the password', async () => {
    const dev = await t.signIn('developer', { junoAccess: true });
    const leader = await t.signIn('leader');
    expect((await updateEmail(leader, dev.id, 'mine@attacker.example.com')).statusCode).toBe(403);
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: 'mine@attacker.example.com' },
    });
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'mine@attacker.example.com'));
    expect(mail).toHaveLength(0);
  });

  it('staff change their own email only through a link sent to the new address', async () => {
    const agent = await t.signIn('agent');
    const res = await updateEmail(agent, agent.id, 'agent.new@grants.example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/confirmation link to agent\.new@grants\.example\.com/);
    expect((await row(agent.id)).email).toBe(agent.email);

    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    const token = inbox.token('agent.new@grants.example.com')!;
    // The confirmation link is not a password link.
    const asReset = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'Another-Password-9' },
    });
    expect(asReset.statusCode).toBe(400);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/confirmEmail', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    expect((await row(agent.id)).email).toBe('agent.new@grants.example.com');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/confirmEmail', payload: { token } });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for a free and a taken address, so staff emails cannot be discovered', async () => {
    const agent = await t.signIn('agent');
    const other = await t.signIn('developer');
    const taken = await updateEmail(agent, agent.id, other.email);
    const free = await updateEmail(agent, agent.id, 'nobody-has-this@grants.example.com');
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message.replace(other.email, 'X')).toBe(
      free.json().message.replace('nobody-has-this@grants.example.com', 'X'),
    );
    expect((await row(agent.id)).email).toBe(agent.email);
  });
});
