import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('POST /api/query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/query', payload: payload as object, headers });

  it('needs a session', async () => {
    const res = await post({ query: '{ viewer { name } }' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a query with the signed-in staff member', async () => {
    const agent = await t.signIn('agent');
    const res = await post({ query: '{ viewer { uid role } }' }, agent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { viewer: { uid: agent.id, role: 'agent' } } });
  });

  it('refuses a query that does not parse or validate with 400 and errors[0].message', async () => {
    const agent = await t.signIn('agent');
    const bad = await post({ query: '{ viewer { ' }, agent.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toMatch(/Syntax Error/);
    const unknown = await post({ query: '{ nothing }' }, agent.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toMatch(/Cannot query field "nothing"/);
  });

  it('refuses a body without a query with 400', async () => {
    const agent = await t.signIn('agent');
    const res = await post({ variables: {} }, agent.headers);
    expect(res.statusCode).toBe(400);
  });
});
