import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { staffUsers } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import type { Database, ListenHandlers } from './db';
import { SessionStore } from './session-store';

let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherApp();
});
afterAll(() => t.close());

const whoAmI = async (app: App, user: SignedIn) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${user.token}` },
    })
  ).json<{ isLogged: boolean; role: string | null }>();

/** Polls until the check holds, and says how long that took (or throws after `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe('sessions remembered per process', () => {
  it('a logged-out token stops working at once on the process that logged it out', async () => {
    const agent = await t.signIn('agent');
    expect((await whoAmI(t.app, agent)).isLogged).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: agent.headers });
    expect((await whoAmI(t.app, agent)).isLogged).toBe(false);
  });

  it('a deactivated user stops working at once here and within 1 s on another process', async () => {
    const leader = await t.signIn('leader');
    const agent = await t.signIn('agent');
    expect((await whoAmI(t.app, agent)).isLogged).toBe(true);
    expect((await whoAmI(other, agent)).isLogged).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${agent.id}/deactivate`,
      headers: leader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(t.app, agent)).isLogged).toBe(false);
    const elapsed = await within(1_000, async () => !(await whoAmI(other, agent)).isLogged);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a logout on one process ends the token on another within 1 s', async () => {
    const agent = await t.signIn('agent');
    expect((await whoAmI(other, agent)).isLogged).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: agent.headers });
    await within(1_000, async () => !(await whoAmI(other, agent)).isLogged);
  });

  it('a role change made on one process reaches the session on another within 1 s', async () => {
    const developer = await t.signIn('developer');
    const agent = await t.signIn('agent');
    expect((await whoAmI(other, agent)).role).toBe('agent');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/administrators/${agent.id}`,
      headers: developer.headers,
      payload: { role: 'leader' },
    });
    await within(1_000, async () => (await whoAmI(other, agent)).role === 'leader');
  });
});

describe('SessionStore', () => {
  function storeWithChannel() {
    let handlers: ListenHandlers | undefined;
    const database = {
      listen: async (_channel: string, h: ListenHandlers) => {
        handlers = h;
        h.onState?.(true);
        return async () => {};
      },
    } as unknown as Database;
    const store = new SessionStore(t.database.db, t.app.log);
    return { store, start: () => store.start(database), channel: () => handlers! };
  }

  it('remembers a session until told otherwise, and trusts nothing while the channel is down', async () => {
    const { store, start, channel } = storeWithChannel();
    await start();
    const agent = await t.signIn('agent');
    expect(await store.resolve(agent.token, 'bearer')).toMatchObject({ id: agent.id, role: 'agent' });
    // A change nobody announces to this store: it still answers from memory…
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, agent.id));
    expect(await store.resolve(agent.token, 'bearer')).not.toBeNull();
    // …until the notification arrives,
    channel().onNotify(`user:${agent.id}`);
    expect(await store.resolve(agent.token, 'bearer')).toBeNull();

    // and while the channel is down, every request reads the database.
    const other = await t.signIn('agent');
    expect(await store.resolve(other.token, 'bearer')).not.toBeNull();
    channel().onState?.(false);
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, other.id));
    expect(await store.resolve(other.token, 'bearer')).toBeNull();
    await store.stop();
  });
});

describe('the Administrators list across processes', () => {
  it('shows a staff member created on another process within 1 s', async () => {
    const developer = await t.signIn('developer');
    const names = async () =>
      (await other.inject({ method: 'GET', url: '/api/administrators', headers: developer.headers })).json<{
        data: { email: string; role: string }[];
      }>().data;
    expect((await names()).some((u) => u.email === 'created.elsewhere@example.com')).toBe(false);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      headers: developer.headers,
      payload: {
        name: 'Created Elsewhere',
        email: 'created.elsewhere@example.com',
        role: 'agent',
        directory: 'users',
      },
    });
    expect(created.statusCode).toBe(200);
    await within(1_000, async () => (await names()).some((u) => u.email === 'created.elsewhere@example.com'));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/administrators/${created.json().data.id}`,
      headers: developer.headers,
      payload: { role: 'leader' },
    });
    await within(1_000, async () =>
      (await names()).some((u) => u.email === 'created.elsewhere@example.com' && u.role === 'leader'),
    );
  });
});
