import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureFlags, staffUsers } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { enqueueEmail } from './outbox';

let t: TestApp;
let developer: SignedIn;
let leader: SignedIn;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  developer = await t.signIn('developer');
  leader = await t.signIn('leader');
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const NUL_MESSAGE = 'Text must not contain NUL characters.';

function expectRefused(res: { statusCode: number; json(): unknown }, path: string, message = NUL_MESSAGE) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    success: false,
    error: message,
    code: 'BAD_REQUEST',
    issues: [{ path, message }],
    requestId: expect.any(String),
  });
}

const staffCount = async () => (await t.database.db.select({ id: staffUsers.id }).from(staffUsers)).length;

describe('text with a NUL byte is refused with 400 on every route', () => {
  it('in a query string (administrators, outbox)', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/administrators?q=%00', headers: leader.headers }),
      'querystring.q',
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/administrators?q=a%00b', headers: developer.headers }),
      'querystring.q',
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/outbox?q=%00', headers: developer.headers }),
      'querystring.q',
    );
  });

  it('in a path parameter (flags), leaving the flags untouched', async () => {
    const before = await t.database.db.select().from(featureFlags);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/flags/%00',
      payload: { enabled: false },
      headers: developer.headers,
    });
    expectRefused(res, 'params.name');
    expect(await t.database.db.select().from(featureFlags)).toEqual(before);
  });

  it('in a staff name, creating nobody', async () => {
    const before = await staffCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      payload: { name: 'Dana\u0000Reyes', email: 'dana.nul@example.com', role: 'agent', directory: 'users' },
      headers: leader.headers,
    });
    expectRefused(res, 'body.name');
    expect(await staffCount()).toBe(before);
  });

  it('in updateEmail.uid, changing no email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateEmail',
      payload: { uid: `${agent.id}\u0000`, email: 'changed@example.com' },
      headers: agent.headers,
    });
    expectRefused(res, 'body.uid');
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, agent.id));
    expect(row?.email).toBe(agent.email);
  });

  it('in nested values, array items and object keys', async () => {
    const query = (variables: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { query: '{ viewer { uid } }', variables },
        headers: agent.headers,
      });
    expectRefused(await query({ filter: { names: ['ok', 'b\u0000d'] } }), 'body.variables.filter.names.1');
    expectRefused(await query({ 'k\u0000ey': 1 }), 'body.variables.k\\u0000ey');
    expect((await query({ filter: { names: ['ok'] } })).statusCode).toBe(200);
  });

  it('also refuses lone UTF-16 surrogates, which cannot be stored', async () => {
    const before = await staffCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      payload: `{"name":"Dana \\ud800 Reyes","email":"dana.surrogate@example.com","role":"agent","directory":"users"}`,
      headers: { ...leader.headers, 'content-type': 'application/json' },
    });
    expectRefused(res, 'body.name', 'Text must be valid Unicode.');
    expect(await staffCount()).toBe(before);
    // A proper pair (an emoji) is fine.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      payload: { name: 'Dana 🙂 Reyes', email: 'dana.emoji@example.com', role: 'agent', directory: 'users' },
      headers: leader.headers,
    });
    expect(emoji.statusCode).toBe(200);
  });
});

describe('ids are strict', () => {
  it('refuses outbox ids that are not plain decimal integers (400)', async () => {
    const id = await enqueueEmail(t.database.db, {
      template: 'test.hello',
      to: 'strict@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    const malformed = [
      '0x10',
      '+1',
      '1e1',
      '%201',
      '1%20',
      '1.0',
      '01',
      '0',
      '-1',
      `${id}abc`,
      '9007199254740993',
    ];
    for (const bad of malformed) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/outbox/${bad}`,
        headers: developer.headers,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        issues: [{ path: 'params.id' }],
      });
      const retry = await t.app.inject({
        method: 'POST',
        url: `/api/outbox/${bad}/retry`,
        headers: developer.headers,
      });
      expect(retry.statusCode, bad).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/outbox/${id}`, headers: developer.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/outbox/999999', headers: developer.headers });
    expect(res.statusCode).toBe(404);
    const staff = await t.app.inject({
      method: 'PATCH',
      url: '/api/administrators/00000000-0000-4000-8000-000000000000',
      payload: { role: 'agent' },
      headers: leader.headers,
    });
    expect(staff.statusCode).toBe(404);
  });

  it('refuses malformed staff ids (400)', async () => {
    for (const bad of ['nope', `${agent.id}x`, ` ${agent.id}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/administrators/${encodeURIComponent(bad)}/deactivate`,
        headers: leader.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('refuses non-decimal page numbers', async () => {
    for (const bad of ['0x2', '1e1', '+1', '1.0']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/outbox?page=${encodeURIComponent(bad)}`,
        headers: developer.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
