import { describe, expect, it } from 'vitest';
import { checkLog, describeProblems } from './log-check';
import { TEST_PASSWORD } from './test-secrets';

const line = (o: Record<string, unknown>) => JSON.stringify({ level: 30, ...o });

describe('checkLog', () => {
  it('passes the lines the server writes', () => {
    const text = [
      line({ req: { method: 'GET', url: '/api/accounts/resetPassword/:token' }, msg: 'request completed' }),
      line({ err: { type: 'DrizzleQueryError', message: 'Database query failed', query: 'select $1' } }),
      line({ headers: { authorization: '[redacted]' }, password: '[redacted]' }),
    ].join('\n');
    expect(checkLog(text)).toEqual([]);
  });

  it('names each line that holds a secret', () => {
    const text = [
      line({ msg: 'fine' }),
      line({ body: { password: TEST_PASSWORD } }),
      line({ err: { message: 'Failed query: select $1\nparams: x' } }),
      line({ req: { url: '/api/outbox?q=x', headers: { cookie: 'bo_session=abc' } } }),
      line({ req: { url: '/api/accounts/resetPassword/abcdefghijklmnop' } }),
      line({ user: { passwordHash: '$argon2id$v=19$…' } }),
    ].join('\n');
    const problems = checkLog(text);
    expect(new Set(problems.map((p) => p.line))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(problems.map((p) => p.rule)).toEqual(
      expect.arrayContaining([
        'the test password',
        'a password field',
        'a request body',
        'a failed query with its parameters',
        'a query string',
        'a request header that carries credentials',
        'a session cookie or bearer token',
        'a password link token',
        'a password hash',
      ]),
    );
    expect(describeProblems('/tmp/server.log', problems)).toContain('/tmp/server.log:2: the test password');
  });
});
