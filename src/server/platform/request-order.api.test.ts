import { ERROR_CODES } from '@domain/platform/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../db/schema';
import { backend } from '../testing/backend';
import { createTestApp, type TestApp } from '../testing/test-app';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, MAX_QUEUE_WAIT_MS } from './db-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a full embedded database queue answers 503 at once', () => {
  it('PGlite: refuses new API requests with Retry-After and a clear message while work has waited over 2 s, and runs none of them; PostgreSQL has no such queue', async () => {
    const leader = await t.signIn('leader');
    if (backend() === 'postgres') {
      expect(t.database.queue).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
      expect(res.statusCode).toBe(200);
      return;
    }
    const queue = t.database.queue!;
    expect(queue).toBeDefined();
    // Hold the database, and let a statement wait behind it for longer than the limit.
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = queue.run(async () => 'waited');
    await sleep(MAX_QUEUE_WAIT_MS + 150);
    try {
      const started = performance.now();
      const read = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/administrators',
        headers: leader.headers,
        payload: { name: 'Busy Day', email: 'busy.day@example.com', role: 'agent', directory: 'users' },
      });
      expect(performance.now() - started).toBeLessThan(1_000);
      for (const res of [read, write]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-security-policy']).toBeTruthy();
        expect(res.json()).toMatchObject({ success: false, error: BUSY_MESSAGE, code: ERROR_CODES.busy });
      }
      // The health check is never refused: it waits its turn.
      const health = t.app.inject({ method: 'GET', url: '/api/health' });
      release();
      expect((await health).statusCode).toBe(200);
    } finally {
      release();
      await holder;
    }
    expect(await waiting).toBe('waited');
    // Nothing of the refused write ran; once the queue is short again, requests are served.
    const created = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'busy.day@example.com'));
    expect(created).toHaveLength(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
    expect(after.statusCode).toBe(200);
  });
});
