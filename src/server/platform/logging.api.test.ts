import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLog } from '../testing/log-check';
import { mailbox } from '../testing/mailbox';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { processOutbox } from './outbox';

// The server log at its most talkative (trace) while requests carry passwords, tokens, cookies,
// query strings and a database error quotes the values that broke it: none of them is logged.

const lines: string[] = [];
const logText = () => lines.join('');
const logEntries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

let t: TestApp;
const inbox = mailbox();
beforeAll(async () => {
  t = await createTestApp({
    mailer: inbox.mailer,
    log: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => t.close());

const WRONG_PASSWORD = 'Wrong-Secret-Pass-77';
const SECRET_NAME = 'Secretive Sam Quux';
const SECRET_EMAIL = 'sam.quux.secret@example.com';
const SECRET_QUERY = 'needle-in-query-string';

describe('the server log', () => {
  it('holds no password, token, header, query string or SQL parameter', async () => {
    const leader = await t.signIn('leader');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: leader.email, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);

    // A password link: the token travels in the path.
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: leader.email },
    });
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    const token = inbox.token(leader.email);
    expect(token).toBeTruthy();
    const link = await t.app.inject({ method: 'GET', url: `/api/accounts/resetPassword/${token}` });
    expect(link.json().data.valid).toBe(true);

    // Headers with credentials and a query string.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/administrators?q=${SECRET_QUERY}`,
      headers: { ...leader.headers, authorization: `Bearer ${leader.token}` },
    });
    expect(list.statusCode).toBe(200);

    // A database error whose message, detail and parameters carry the values of the row.
    await t.database.db.execute(
      sql.raw(`alter table staff_users add constraint staff_users_no_quux check (name not like '%Quux%')`),
    );
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      payload: { name: SECRET_NAME, email: SECRET_EMAIL, role: 'agent', directory: 'users' },
      headers: leader.headers,
    });
    expect(failed.statusCode).toBe(500);

    const text = logText();
    for (const secret of [
      TEST_PASSWORD,
      WRONG_PASSWORD,
      token!,
      leader.token,
      SECRET_NAME,
      'Quux',
      SECRET_EMAIL,
      SECRET_QUERY,
      'Failed query',
      'params:',
      'Failing row',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(checkLog(text)).toEqual([]);
    // The log is there, and useful: one line per request with the route, and the error's names.
    const entries = logEntries();
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/accounts/resetPassword/:token' }),
        res: { statusCode: 200 },
      }),
    );
    // Every line of a request carries its id: the completed line (its own logger) and the lines
    // written through the request's logger, made when first used.
    const completed = entries.find((e) => e.msg === 'request completed' && e.res);
    expect(completed).toMatchObject({ level: 30, reqId: expect.any(String), pid: process.pid });
    expect(Object.keys(completed!).slice(0, 5)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId']);
    const failedId = failed.headers['x-request-id'];
    expect(entries.filter((e) => e.reqId === failedId).map((e) => e.msg)).toEqual(
      expect.arrayContaining(['unhandled error', 'request completed']),
    );
    const error = entries.find((e) => e.msg === 'unhandled error');
    expect(error?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Database query failed',
      cause: {
        type: 'DatabaseError',
        code: '23514',
        constraint: 'staff_users_no_quux',
        table: 'staff_users',
      },
    });
    expect((error?.err as { stack?: string } | undefined)?.stack).toMatch(/^\s+at /);
  });
});
