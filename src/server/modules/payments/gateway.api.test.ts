import { GATEWAY_ERRORS, GatewayError } from '@domain/payments/gateway';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards, paymentTokens, paymentTransactions } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { BuiltInGateway } from './built-in-gateway';

let t: TestApp;
let agent: SignedIn;
let gateway: BuiltInGateway;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  gateway = new BuiltInGateway(t.database.db);
});
afterAll(() => t.close());

const card = (number = '4242424242424242') => ({ number, cvv: '123', expiry: '12/39', postalCode: '73301' });
const tokenFor = async (number?: string) => (await gateway.tokenizeCard(card(number))).token;
let n = 0;
const key = (what: string) => `${what}-${++n}-${Math.random()}`;
const ledgerRows = (k: string) =>
  t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.idempotencyKey, k));

async function charged(amountCents: number, number?: string) {
  const result = await gateway.charge({
    source: { token: await tokenFor(number) },
    amountCents,
    currency: 'USD',
    idempotencyKey: key('charge'),
  });
  expect(result.status).toBe('succeeded');
  return result.transactionId;
}

describe('POST /gateway/v1/cards', () => {
  it('tokenises a card: brand and last 4 come back, the number is kept nowhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/gateway/v1/cards',
      headers: agent.headers,
      payload: card('4242 4242 4242 4242'),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2039 });
    expect(data.token).toMatch(/^tok_/);
    const [row] = await t.database.db.select().from(paymentTokens).where(eq(paymentTokens.id, data.token));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it('needs a signed-in staff member', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/gateway/v1/cards', payload: card() });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a bad number, CVV or a past expiry with 400', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/gateway/v1/cards', headers: agent.headers, payload });
    const bad = await post(card('4242424242424241'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Card number is not valid.');
    expect((await post({ ...card(), cvv: '12' })).statusCode).toBe(400);
    const past = await post({ ...card(), expiry: '01/20' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('Expiry must be a future month (MM/YY).');
  });
});

describe('charges', () => {
  it('same key and request answer the first result; another request under the key is refused', async () => {
    const token = await tokenFor();
    const k = key('charge');
    const first = await gateway.charge({
      source: { token },
      amountCents: 5000,
      currency: 'USD',
      idempotencyKey: k,
    });
    const again = await gateway.charge({
      source: { token },
      amountCents: 5000,
      currency: 'USD',
      idempotencyKey: k,
    });
    expect(first).toMatchObject({ status: 'succeeded', kind: 'charge', replayed: false });
    expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
    await expect(
      gateway.charge({ source: { token }, amountCents: 5001, currency: 'USD', idempotencyKey: k }),
    ).rejects.toMatchObject({ code: GATEWAY_ERRORS.keyReused });
    expect(await ledgerRows(k)).toHaveLength(1);
  });

  it('a token is used once; saveCard keeps the card on file', async () => {
    const customer = await insertAccount(t.database.db);
    const token = await tokenFor('5555555555554444');
    const saved = await gateway.charge({
      source: { token },
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: key('charge'),
      saveCard: { accountUid: customer.uid, countryId: 1 },
    });
    expect(saved.cardId).toMatch(/^ccof_/);
    const [row] = await t.database.db.select().from(paymentCards).where(eq(paymentCards.id, saved.cardId!));
    expect(row).toMatchObject({ brand: 'Mastercard', last4: '4444', accountUid: customer.uid });
    await expect(
      gateway.charge({ source: { token }, amountCents: 100, currency: 'USD', idempotencyKey: key('charge') }),
    ).rejects.toBeInstanceOf(GatewayError);
    const onFile = await gateway.charge({
      source: { cardId: saved.cardId! },
      amountCents: 300,
      currency: 'USD',
      idempotencyKey: key('charge'),
    });
    expect(onFile.status).toBe('succeeded');
  });

  it('test cards decline deterministically, also when retried with the same key', async () => {
    const token = await tokenFor('4000000000000002');
    const k = key('charge');
    const first = await gateway.charge({
      source: { token },
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: k,
    });
    expect(first).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
    const retry = await gateway.charge({
      source: { token },
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: k,
    });
    expect(retry.status).toBe('failed');
    const [row] = await ledgerRows(k);
    expect(row!.attempts).toBe(2);
    const poor = await gateway.charge({
      source: { token: await tokenFor('4000000000009995') },
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: key('charge'),
    });
    expect(poor.error?.code).toBe('insufficient_funds');
  });

  it('authorize, capture at most the authorized amount once, or void', async () => {
    const auth = await gateway.charge({
      source: { token: await tokenFor() },
      amountCents: 2000,
      currency: 'USD',
      idempotencyKey: key('auth'),
      capture: false,
    });
    expect(auth.kind).toBe('authorize');
    expect(await gateway.refundable(auth.transactionId)).toBe(0);
    await expect(
      gateway.capture({ transactionId: auth.transactionId, amountCents: 2001, idempotencyKey: key('cap') }),
    ).rejects.toMatchObject({ code: 'not_capturable' });
    const cap = await gateway.capture({ transactionId: auth.transactionId, idempotencyKey: key('cap') });
    expect(cap).toMatchObject({ kind: 'capture', status: 'succeeded', amountCents: 2000 });
    expect(await gateway.refundable(auth.transactionId)).toBe(2000);
    await expect(
      gateway.void({ transactionId: auth.transactionId, idempotencyKey: key('void') }),
    ).rejects.toMatchObject({
      code: 'not_voidable',
    });
    const other = await gateway.charge({
      source: { token: await tokenFor() },
      amountCents: 700,
      currency: 'USD',
      idempotencyKey: key('auth'),
      capture: false,
    });
    const voided = await gateway.void({ transactionId: other.transactionId, idempotencyKey: key('void') });
    expect(voided.status).toBe('succeeded');
    await expect(
      gateway.capture({ transactionId: other.transactionId, idempotencyKey: key('cap') }),
    ).rejects.toMatchObject({
      code: 'not_capturable',
    });
  });
});

describe('refunds', () => {
  it('never exceed what remains on the transaction, even when sent together', async () => {
    const tx = await charged(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        gateway.refund({ transactionId: tx, amountCents: 400, idempotencyKey: key('refund') }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled' && r.value.status === 'succeeded');
    expect(ok).toHaveLength(2);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(8);
    expect((refused[0] as PromiseRejectedResult).reason.code).toBe('refund_exceeds_remaining');
    expect(await gateway.refundable(tx)).toBe(200);
  });

  it('the same key refunds once, whatever the number of calls', async () => {
    const tx = await charged(1000);
    const k = key('refund');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        gateway.refund({ transactionId: tx, amountCents: 300, idempotencyKey: k }),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await gateway.refundable(tx)).toBe(700);
  });

  it('test card 4000000000000259: the first attempt fails, the retry with the same key succeeds', async () => {
    const tx = await charged(1000, '4000000000000259');
    const k = key('refund');
    const first = await gateway.refund({ transactionId: tx, amountCents: 500, idempotencyKey: k });
    expect(first).toMatchObject({ status: 'failed', error: { code: 'processor_timeout' } });
    expect(await gateway.refundable(tx)).toBe(1000);
    const retry = await gateway.refund({ transactionId: tx, amountCents: 500, idempotencyKey: k });
    expect(retry).toMatchObject({ status: 'succeeded', transactionId: first.transactionId, replayed: false });
    const replay = await gateway.refund({ transactionId: tx, amountCents: 500, idempotencyKey: k });
    expect(replay.replayed).toBe(true);
    expect(await gateway.refundable(tx)).toBe(500);
  });

  it('test card 4000000000000341 always fails refunds; injected faults fail a given transaction', async () => {
    const tx = await charged(1000, '4000000000000341');
    const r = await gateway.refund({ transactionId: tx, amountCents: 100, idempotencyKey: key('refund') });
    expect(r.error?.code).toBe('refund_failed');
    const normal = await charged(1000);
    const faulty = new BuiltInGateway(t.database.db, {
      refund: (req) => (req.transactionId === normal ? 'refund_failed' : null),
    });
    expect(
      (await faulty.refund({ transactionId: normal, amountCents: 100, idempotencyKey: key('r') })).status,
    ).toBe('failed');
    await expect(
      gateway.refund({ transactionId: 'txn_nope', amountCents: 100, idempotencyKey: key('r') }),
    ).rejects.toMatchObject({ code: 'unknown_transaction' });
  });
});
