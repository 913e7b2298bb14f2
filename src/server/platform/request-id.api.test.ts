import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Request ids: a sane incoming X-Request-Id is kept, anything else replaced by a random one; the
// id is echoed on the answer, in error bodies, and on every log line of the request.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ log: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
});
afterAll(() => t.close());

const logLinesOf = (id: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((entry) => entry.reqId === id);

describe('request ids', () => {
  it('keeps a sane incoming id, echoes it, and logs it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a:42.x_y' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a:42.x_y');
    expect(logLinesOf('lb-7f3a:42.x_y').length).toBeGreaterThan(0);
  });

  it('replaces an unsafe or oversized incoming id with a random one', async () => {
    for (const bad of ['has space', 'new\\nline', 'a'.repeat(129), '<script>', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      const id = res.headers['x-request-id'];
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('makes a different random id for each request without one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('puts the id in error bodies: 401, 404, 400', async () => {
    const unauth = await t.app.inject({
      method: 'GET',
      url: '/api/administrators',
      headers: { 'x-request-id': 'ticket-401' },
    });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json().requestId).toBe('ticket-401');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'ticket-404' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe('ticket-404');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-request-id': 'ticket-400' },
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBe('ticket-400');
    expect(bad.headers['x-request-id']).toBe('ticket-400');
    expect(logLinesOf('ticket-400').length).toBeGreaterThan(0);
  });
});
