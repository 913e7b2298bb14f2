import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { AppError } from '../../platform/errors';
import { processOutbox } from '../../platform/outbox';
import { mailbox } from '../../testing/mailbox';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import {
  claimLoginAttempt,
  LOGIN_LIMITS,
  LOGIN_WINDOW_MINUTES,
  releaseLoginAttempt,
  TRUST_DAYS,
} from './login-throttle';

// Sign-in throttling (ADR 020): at most 5 guesses checked per account and window from addresses
// where it has not signed in, however they arrive; the owner still gets in from an address they
// signed in from, or through the reset link.

let t: TestApp;
// The reset link reaches only the recipient (ADR 017): the test reads it in their mailbox.
const box = mailbox();
beforeAll(async () => {
  t = await createTestApp({ mailer: box.mailer });
});
afterAll(() => t.close());

// Each test guesses from addresses of its own, so their counts never meet. t.signIn signs in from
// the default address of inject(), 127.0.0.1: that address is known to every staff user it made.
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;
const KNOWN = '127.0.0.1';

const attempt = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

type Answer = Awaited<ReturnType<typeof attempt>>;
/** Answers whose password was actually checked: 200 or 401. Refused ones are 429. */
const evaluated = (answers: Answer[]) => answers.filter((a) => a.statusCode !== 429);
const wrongEvaluated = (answers: Answer[]) => answers.filter((a) => a.statusCode === 401);

function expectRefusedWithRetryAfter(answer: Answer) {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
  expect(answer.json().error).toMatch(
    /^Too many failed sign-in attempts\. Try again in \d+ minutes?, or reset your password\.$/,
  );
}

/** Wrong guesses from `addresses` in turn, `n` at once. */
const burst = (app: App, email: string, addresses: string[], n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => attempt(app, email, `wrong-${i}`, addresses[i % addresses.length]!)),
  );

describe('sign-in throttling under concurrent guesses', () => {
  it('checks at most 5 of 30 simultaneous wrong guesses and refuses the rest with Retry-After', async () => {
    const agent = await t.signIn('agent');
    const answers = await burst(t.app, agent.email, [nextAddress()], 30);
    expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
    expect(evaluated(answers).every((a) => a.statusCode === 401)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30 - LOGIN_LIMITS.account);
    for (const a of refused) expectRefusedWithRetryAfter(a);
    // The right password from another new address waits too: every unknown address shares the 5.
    expectRefusedWithRetryAfter(await attempt(t.app, agent.email, TEST_PASSWORD, nextAddress()));
  });

  it('checks at most 5 wrong guesses when the right password arrives in the middle of 30', async () => {
    for (const app of [t.app, await t.anotherApp()]) {
      const agent = await t.signIn('agent');
      const ip = nextAddress();
      const answers = await Promise.all(
        Array.from({ length: 31 }, (_, i) =>
          attempt(i % 2 ? t.app : app, agent.email, i === 15 ? TEST_PASSWORD : `wrong-${i}`, ip),
        ),
      );
      expect(wrongEvaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
      // The right password is checked besides them, never in place of another guess.
      expect(evaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account + 1);
      // Whether or not it got in, the guesses counted stay counted: the next one waits.
      expectRefusedWithRetryAfter(await attempt(app, agent.email, 'wrong-again', ip));
    }
  });

  it('does not free the guesses counted beside a right password: 34 around it, at most 5 checked', async () => {
    const other = await t.anotherApp();
    const agent = await t.signIn('agent');
    const ip = nextAddress();
    const first = Array.from({ length: 4 }, (_, i) =>
      attempt(i % 2 ? other : t.app, agent.email, `wrong-${i}`, ip),
    );
    // The moment the right password is in, 30 more guesses follow, while the first ones may be pending.
    const right = attempt(t.app, agent.email, TEST_PASSWORD, ip);
    const next = right.then(() => burst(other, agent.email, [ip], 30));
    const answers = [...(await Promise.all(first)), await right, ...(await next)];
    expect((await right).statusCode).toBe(200);
    expect(wrongEvaluated(answers).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
  });

  it('does not start afresh after a right password: 4 failures, a sign-in, then 1 more guess', async () => {
    const agent = await t.signIn('agent');
    const ip = nextAddress();
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, agent.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt(t.app, agent.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await attempt(t.app, agent.email, 'wrong', ip)).statusCode).toBe(401);
    expectRefusedWithRetryAfter(await attempt(t.app, agent.email, 'wrong', ip));
  });

  it('lets staff sign in again and again: a right password gives its own claim back', async () => {
    const agent = await t.signIn('agent');
    for (let i = 0; i < 3 * LOGIN_LIMITS.knownAddress; i++) {
      expect((await attempt(t.app, agent.email, TEST_PASSWORD, KNOWN)).statusCode).toBe(200);
    }
  });

  it('limits one address to 20 checked guesses across accounts it has not signed in to', async () => {
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

describe('the owner still gets in while someone hammers the account', () => {
  it('from an address they signed in from', async () => {
    const agent = await t.signIn('agent');
    const attackers = [nextAddress(), nextAddress(), nextAddress()];
    const first = await burst(t.app, agent.email, attackers, 30);
    expect(evaluated(first).length).toBeLessThanOrEqual(LOGIN_LIMITS.account);
    const [owner, more] = await Promise.all([
      attempt(t.app, agent.email, TEST_PASSWORD, KNOWN),
      burst(t.app, agent.email, attackers, 30),
    ]);
    expect(owner.statusCode).toBe(200);
    for (const a of more) expectRefusedWithRetryAfter(a);
  });

  it('from an address known to them even when that address has spent its own guesses on others', async () => {
    const agent = await t.signIn('agent');
    const office = nextAddress();
    expect((await attempt(t.app, agent.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    // Someone sprays wrong passwords at other accounts from the owner's office.
    const others = Array.from({ length: 30 }, (_, i) => `sprayed-${i}@throttle.example.com`);
    await Promise.all(others.map((email) => attempt(t.app, email, 'wrong', office)));
    expectRefusedWithRetryAfter(await attempt(t.app, 'sprayed-x@throttle.example.com', 'wrong', office));
    expect((await attempt(t.app, agent.email, TEST_PASSWORD, office)).statusCode).toBe(200);
  });

  it('from a new address through the reset link, which always works', async () => {
    const agent = await t.signIn('agent');
    const attackers = [nextAddress(), nextAddress()];
    const fresh = nextAddress();
    await burst(t.app, agent.email, attackers, 30);
    // From a new address the right password waits with the guesses; the answer says what to do.
    expectRefusedWithRetryAfter(await attempt(t.app, agent.email, TEST_PASSWORD, fresh));
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: agent.email },
      remoteAddress: fresh,
    });
    expect(forgot.statusCode).toBe(200);
    await processOutbox({ db: t.database.db, mailer: box.mailer, log: t.app.log });
    const token = box.token(agent.email);
    expect(token).toBeTruthy();
    const reset = t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'Brand-New-Pass-9' },
      remoteAddress: fresh,
    });
    const [resetAnswer, during] = await Promise.all([reset, burst(t.app, agent.email, attackers, 20)]);
    expect(resetAnswer.statusCode).toBe(200);
    const [signIn, after] = await Promise.all([
      attempt(t.app, agent.email, 'Brand-New-Pass-9', fresh),
      burst(t.app, agent.email, attackers, 20),
    ]);
    expect(signIn.statusCode).toBe(200);
    for (const a of [...during, ...after]) expectRefusedWithRetryAfter(a);
  });
});

describe('windows and known addresses over time (an injected clock)', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const T0 = new Date('2031-03-01T12:00:00.000Z');
  const at = (ms: number) => ({ now: new Date(T0.getTime() + ms) });
  let n = 0;
  const nextEmail = () => `clock-${++n}@throttle.example.com`;

  /** The seconds of Retry-After a refused claim answers, or null when the claim is counted. */
  async function retryAfter(email: string, ip: string, clock: { now: Date }): Promise<number | null> {
    try {
      await claimLoginAttempt(t.database.db, email, ip, clock);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(429);
      return Number((err as AppError).headers?.['retry-after']);
    }
  }

  it('refuses until the window that counted 5 guesses ends, saying how long, then counts again', async () => {
    const email = nextEmail();
    const ip = nextAddress();
    for (let i = 0; i < LOGIN_LIMITS.account; i++)
      expect(await retryAfter(email, ip, at(i * MINUTE))).toBeNull();
    expect(await retryAfter(email, ip, at(5 * MINUTE))).toBe(10 * 60);
    expect(await retryAfter(email, nextAddress(), at(15 * MINUTE - 1_000))).toBe(1);
    expect(await retryAfter(email, ip, at(15 * MINUTE))).toBeNull();
  });

  it(`keeps an address known for ${TRUST_DAYS} days after a sign-in there`, async () => {
    const email = nextEmail();
    const home = nextAddress();
    const claim = await claimLoginAttempt(t.database.db, email, home, at(0));
    await releaseLoginAttempt(t.database.db, claim, at(1_000));
    const exhaust = async (ms: number) => {
      for (let i = 0; i < LOGIN_LIMITS.account; i++) await retryAfter(email, nextAddress(), at(ms));
      expect(await retryAfter(email, nextAddress(), at(ms))).toBeGreaterThan(0);
    };
    await exhaust((TRUST_DAYS - 1) * DAY);
    expect(await retryAfter(email, home, at((TRUST_DAYS - 1) * DAY))).toBeNull();
    await exhaust((TRUST_DAYS + 1) * DAY);
    expect(await retryAfter(email, home, at((TRUST_DAYS + 1) * DAY))).toBeGreaterThan(0);
  });
});
