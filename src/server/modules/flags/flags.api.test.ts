import { FEATURE_FLAG_NAMES } from '@domain/platform/feature-flags';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('feature flags', () => {
  it('lists every flag the spec names to any signed-in user', async () => {
    const agent = await t.signIn('agent');
    const res = await t.app.inject({ method: 'GET', url: '/api/flags', headers: agent.headers });
    expect(res.json().editable).toBe(true);
    expect(
      res
        .json()
        .data.map((f: { name: string }) => f.name)
        .sort(),
    ).toEqual([...FEATURE_FLAG_NAMES].sort());
    expect(res.json().data.find((f: { name: string }) => f.name === 'incentives').enabled).toBe(true);
  });

  it('reads one flag by name to any signed-in user; an unknown name is a 404', async () => {
    const agent = await t.signIn('agent');
    const res = await t.app.inject({ method: 'GET', url: '/api/flags/incentives', headers: agent.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'incentives', enabled: expect.any(Boolean) });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/flags/noSuchFlag',
      headers: agent.headers,
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/flags/incentives' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a developer switch a flag, audited; others may not', async () => {
    const dev = await t.signIn('developer');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/flags/incentives',
      payload: { enabled: false },
      headers: dev.headers,
    });
    expect(res.json()).toMatchObject({
      success: true,
      data: { name: 'incentives', enabled: false, updatedBy: dev.email },
    });
    const [event] = await t.database.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.collection, 'flags-log'));
    expect(event).toMatchObject({
      entityId: 'incentives',
      changedBy: dev.email,
      differences: [{ kind: 'E', path: ['enabled'], lhs: true, rhs: false }],
    });

    const leader = await t.signIn('leader');
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/flags/incentives',
      payload: { enabled: true },
      headers: leader.headers,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers 404 for an unknown flag and 400 for a non-boolean', async () => {
    const dev = await t.signIn('developer');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/flags/nope',
          payload: { enabled: true },
          headers: dev.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/flags/incentives',
          payload: { enabled: 'yes' },
          headers: dev.headers,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('feature flags in production', () => {
  it('cannot be changed from the app', async () => {
    const prod = await createTestApp({ appEnv: 'production' });
    try {
      const dev = await prod.signIn('developer');
      const list = await prod.app.inject({ method: 'GET', url: '/api/flags', headers: dev.headers });
      expect(list.json().editable).toBe(false);
      const res = await prod.app.inject({
        method: 'PUT',
        url: '/api/flags/incentives',
        payload: { enabled: false },
        headers: dev.headers,
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await prod.close();
    }
  });
});
