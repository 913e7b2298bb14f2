import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, outbox, staffUsers } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let leader: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  leader = await t.signIn('leader', { promoAccess: true });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, headers = leader.headers) =>
  t.app.inject({ method: 'POST', url: '/api/administrators', payload, headers });

describe('administrators', () => {
  it('lists both directories, filtered by search, role and directory', async () => {
    await t.signIn('agent', { email: 'maria.lopez@test.example.com', directory: 'cs-users' });
    await t.signIn('fraudAgent', { email: 'ken.fraud@test.example.com' });
    const all = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
    expect(all.statusCode).toBe(200);
    const directories = new Set(all.json().data.map((u: { directory: string }) => u.directory));
    expect(directories).toEqual(new Set(['users', 'cs-users']));

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/administrators?q=MARIA',
      headers: leader.headers,
    });
    expect(search.json().data.map((u: { email: string }) => u.email)).toEqual([
      'maria.lopez@test.example.com',
    ]);
    const byRole = await t.app.inject({
      method: 'GET',
      url: '/api/administrators?role=fraudAgent',
      headers: leader.headers,
    });
    expect(byRole.json().data.every((u: { role: string }) => u.role === 'fraudAgent')).toBe(true);
    const byDir = await t.app.inject({
      method: 'GET',
      url: '/api/administrators?directory=cs-users',
      headers: leader.headers,
    });
    expect(byDir.json().data.every((u: { directory: string }) => u.directory === 'cs-users')).toBe(true);
  });

  it('creates a staff user with a set-password email in the outbox and an audit event', async () => {
    const res = await create({
      name: 'Dana Reyes',
      email: 'Dana.Reyes@Example.com',
      role: 'agent',
      directory: 'cs-users',
      promoAccess: true,
    });
    expect(res.statusCode).toBe(200);
    // Says what happened and what comes next, not a generic "Successfully submitted".
    expect(res.json().message).toBe('Administrator Dana Reyes created; a set-password email is on its way');
    const user = res.json().data;
    expect(user).toMatchObject({
      email: 'dana.reyes@example.com',
      role: 'agent',
      directory: 'cs-users',
      promoAccess: true,
      junoAccess: false,
      active: true,
      hasPassword: false,
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'dana.reyes@example.com'));
    expect(mail).toMatchObject({ template: 'staff.setPassword', status: 'pending' });
    // The link reaches the recipient only; the stored email shows where it goes (ADR 017).
    expect(mail!.html).toContain('[password link: sent to the recipient only]');
    expect(mail!.html).not.toContain('token=');
    expect(mail!.hiddenLinks).toEqual(['password link']);
    const events = await t.database.db.select().from(changeEvents).where(eq(changeEvents.entityId, user.id));
    expect(events.map((e) => e.action)).toEqual(['staff.create']);
    expect(JSON.stringify(events[0]!.differences)).not.toContain('password_hash');
  });

  it('refuses a duplicate email with 409 and changes nothing', async () => {
    await create({ name: 'Once', email: 'once@example.com', role: 'agent', directory: 'users' });
    const again = await create({
      name: 'Twice',
      email: 'ONCE@example.com',
      role: 'leader',
      directory: 'users',
    });
    expect(again.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = 'once@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it('rejects bad input with the field message', async () => {
    const res = await create({ name: '', email: 'x@example.com', role: 'boss', directory: 'users' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.name', 'body.role']);
  });

  it('changes role and access, audited', async () => {
    const developer = await t.signIn('developer', { promoAccess: true, junoAccess: true });
    const { data: user } = (
      await create({
        name: 'Role Change',
        email: 'role.change@example.com',
        role: 'agent',
        directory: 'users',
      })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/administrators/${user.id}`,
      payload: { role: 'fraudAgent', junoAccess: true },
      headers: developer.headers,
    });
    expect(res.json().data).toMatchObject({ role: 'fraudAgent', junoAccess: true });
    const [event] = await t.database.db
      .select()
      .from(changeEvents)
      .where(sql`${changeEvents.entityId} = ${user.id} and ${changeEvents.action} = 'staff.update'`);
    expect(event!.differences).toEqual(
      expect.arrayContaining([
        { kind: 'E', path: ['role'], lhs: 'agent', rhs: 'fraudAgent' },
        { kind: 'E', path: ['junoAccess'], lhs: false, rhs: true },
      ]),
    );
  });

  it('deactivating a user ends their sessions at once', async () => {
    const agent = await t.signIn('agent');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${agent.id}/deactivate`,
      headers: leader.headers,
    });
    expect(res.json().data.active).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers })).statusCode,
    ).toBe(401);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${agent.id}/activate`,
      headers: leader.headers,
    });
    expect(back.json().data.active).toBe(true);
  });

  it('does not let a user deactivate themselves or change their own role', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${leader.id}/deactivate`,
      headers: leader.headers,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot deactivate yourself.');
    const role = await t.app.inject({
      method: 'PATCH',
      url: `/api/administrators/${leader.id}`,
      payload: { role: 'agent' },
      headers: leader.headers,
    });
    expect(role.statusCode).toBe(403);
  });

  it('is closed to agents, fraud agents and sales operator managers', async () => {
    for (const role of ['agent', 'fraudAgent', 'salesOperatorManager'] as const) {
      const user = await t.signIn(role);
      const list = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: user.headers });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_PERMISSIONS' });
      const made = await create(
        { name: 'X', email: `x-${role}@example.com`, role: 'developer', directory: 'users' },
        user.headers,
      );
      expect(made.statusCode).toBe(403);
    }
    const rows = await t.database.db.select().from(staffUsers).where(sql`${staffUsers.email} like 'x-%'`);
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/administrators/00000000-0000-4000-8000-000000000000/activate',
      headers: leader.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/administrators/nope/activate',
      headers: leader.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
