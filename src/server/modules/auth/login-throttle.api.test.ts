import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import { LOGIN_LIMITS } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test signs in from an address of its own, so their counts never meet.
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

const attempt = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

type Answer = Awaited<ReturnType<typeof attempt>>;
/** Answers whose password was actually checked: 200 or 401. Refused ones are 429. */
const evaluated = (answers: Answer[]) => answers.filter((a) => a.statusCode !== 429);

function expectRefusedWithRetryAfter(answer: Answer) {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(answer.json().error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
}

describe('sign-in throttling under concurrent guesses', () => {
  it('evaluates at most 5 of 30 simultaneous wrong guesses and refuses the rest with Retry-After', async () => {
    const agent = await t.signIn('agent');
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(t.app, agent.email, `wrong-${i}`, ip)),
    );
    expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
    expect(evaluated(answers).every((a) => a.statusCode === 401)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30 - LOGIN_LIMITS.account);
    for (const a of refused) expectRefusedWithRetryAfter(a);

    // The account stays locked for the right password too, from any address.
    expectRefusedWithRetryAfter(await attempt(t.app, agent.email, TEST_PASSWORD, nextAddress()));
  });

  it('does not let the right password through when it arrives 8th in a burst', async () => {
    const agent = await t.signIn('agent');
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(t.app, agent.email, i === 7 ? TEST_PASSWORD : `wrong-${i}`, ip),
      ),
    );
    // Only claims inside the limit are evaluated; whichever they are, there are at most 5.
    expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
    const wrongEvaluated = evaluated(answers).filter((a) => a.statusCode === 401).length;
    if (answers[7]!.statusCode === 200) expect(wrongEvaluated).toBeLessThan(LOGIN_LIMITS.account);
  });

  it('lets a correct sign-in through after fewer than 5 failures, and starts the account afresh', async () => {
    const agent = await t.signIn('agent');
    const ip = nextAddress();
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, agent.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt(t.app, agent.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, agent.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt(t.app, agent.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('limits one address to 20 evaluated guesses across many accounts', async () => {
    const ip = nextAddress();
    const emails = Array.from({ length: 40 }, (_, i) => `nobody-${i}@throttle.example.com`);
    const answers = await Promise.all(emails.map((email) => attempt(t.app, email, 'wrong', ip)));
    expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.address);
    for (const a of answers.filter((x) => x.statusCode === 429)) expectRefusedWithRetryAfter(a);
    expectRefusedWithRetryAfter(await attempt(t.app, 'someone-else@throttle.example.com', 'wrong', ip));
  });

  it('holds the limit when the guesses are spread over two app processes', async () => {
    const agent = await t.signIn('agent');
    const other = await t.anotherApp();
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(i % 2 ? other : t.app, agent.email, `wrong-${i}`, ip)),
    );
    expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
    expectRefusedWithRetryAfter(await attempt(other, agent.email, TEST_PASSWORD, ip));
    expectRefusedWithRetryAfter(await attempt(t.app, agent.email, TEST_PASSWORD, ip));
  });
});
