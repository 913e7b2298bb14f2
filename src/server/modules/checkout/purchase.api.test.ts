import { newSiftSession } from '@domain/checkout';
import { BRAND_NAME } from '@domain/reference';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  changeEvents,
  checkoutSubmissions,
  downstreamExports,
  orderLines,
  orderPayments,
  orders,
  outbox,
  paymentCards,
  paymentTransactions,
  productCredit,
  productCreditLedger,
} from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { context, key, ON_ADDRESS, setUpCheckoutApp, TX_ADDRESS } from '../../testing/checkout-app';
import { appendCredit } from '../product-credit/product-credit.service';
import { faults } from './purchase.service';

const { app, agent, db, post, get, customer, savedCard, cartWith } = setUpCheckoutApp();

describe('purchase', () => {
  it('credit applied to an order consumes the grants, soonest expiry first: Σ remainingValue = balance (ADR 021)', async () => {
    const c = await customer();
    const grant = (cents: number, expiresAt: Date | null) =>
      db().transaction((tx) =>
        appendCredit(tx, {
          uid: c.uid,
          country: 'us',
          cents,
          expiresAt,
          doesNotExpire: expiresAt === null,
          reasonId: 4,
          reason: 'Goodwill',
          actor: SYSTEM_ACTOR,
          action: 'productCredit.adjust',
          now: new Date(),
        }),
      );
    await grant(600, null);
    await grant(300, new Date(Date.now() + 90 * 86_400_000));
    await grant(200, new Date(Date.now() + 10 * 86_400_000));
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 700, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const entries = await db()
      .select()
      .from(productCreditLedger)
      .where(eq(productCreditLedger.accountUid, c.uid))
      .orderBy(productCreditLedger.id);
    // 2.00 (10 days) and 3.00 (90 days) first, then 2.00 of the never-expiring 6.00.
    expect(entries.map((e) => [e.amountCents, e.remainingValueCents])).toEqual([
      [600, 400],
      [300, 0],
      [200, 0],
      [-700, 0],
    ]);
    expect(entries[3]!.orderId).toBe(r.json().data.id);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(400);
    expect(balance!.expirationDate).toBeNull();
  });

  it('places a captured order with lines, card and credit payments, the credit deducted, audit, email, export and an empty cart', async () => {
    const c = await customer({ email: 'buyer-one@example.com' }, 1000);
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [
      ['P100', 1],
      ['LIP', 1],
    ]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 500, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer).toMatchObject({ success: true, message: 'Your order was successfully submitted.' });
    expect(answer.data).toMatchObject({
      collection: 'invoices',
      state: 3,
      grandTotal: 3392,
      currency: 'USD',
    });
    const [o] = await db().select().from(orders).where(eq(orders.id, answer.data.id));
    expect(o).toMatchObject({
      customerUid: c.uid,
      subtotalCents: 2800,
      shippingCents: 795,
      taxCents: 297,
      shippingTaxCents: 66,
      appliedCreditCents: 500,
      grandTotalCents: 3392,
      paymentState: 'captured',
      shippingMethodId: 3,
      channel: 4,
      orderType: 16,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, o!.id));
    expect(lines.map((l) => [l.sku, l.quantity, l.totalCents])).toEqual([
      ['P100', 1, 1800],
      ['LIP', 1, 1000],
    ]);
    expect(Number(lines[0]!.pv)).toBeGreaterThan(0);
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, o!.id));
    expect(payments.map((p) => [p.method, p.amountCents]).sort()).toEqual([
      // The card pays the grand total (already net of credit); credit pays the rest.
      ['card', 3392],
      ['productCredit', 500],
    ]);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(500);
    const events = await db().select().from(changeEvents).where(eq(changeEvents.entityId, o!.id));
    expect(events.map((e) => e.action)).toContain('order.create');
    const mail = await db().select().from(outbox).where(eq(outbox.entityId, o!.id));
    expect(mail.map((m) => [m.template, m.toAddress])).toEqual([
      ['order-confirmation', 'buyer-one@example.com'],
    ]);
    const [exp] = await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, o!.id));
    expect(exp?.status).toBe('pending');
    const cart = (await get(`/api/carts/${cartId}`)).json().data;
    expect(cart.totalProducts).toBe(0);
  });

  it('writes the confirmation email in French for a French-speaking customer', async () => {
    const c = await customer({ countryId: 2, defaultLanguageId: 2, email: 'cliente@example.com' });
    const card = await savedCard(c.uid, null, 2);
    const cartId = await cartWith(c.uid, [['P100', 1]], 'fr-CA');
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        localeCode: 'fr-CA',
        shipping: { method: 9, address: ON_ADDRESS },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const [mail] = await db().select().from(outbox).where(eq(outbox.entityId, r.json().data.id));
    expect(mail!.subject).toContain('Votre commande');
    // In French throughout, money as written in French Canada, under the brand's name.
    const text = mail!.text!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Merci de votre commande');
    expect(text).toContain('Total : 31,58 $ CA');
    expect(text).toContain(BRAND_NAME);
    expect(mail!.html).toContain(BRAND_NAME);
    const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
    expect(o).toMatchObject({ currency: 'CAD', localeCode: 'fr-CA', grandTotalCents: 3158, squareV2: true });
  });

  it('a double submit with one key leaves one order and one charge', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const body = {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([post('/api/purchase', body), post('/api/purchase', body)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // The second is either answered with the first order or told the first is in flight.
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const again = await post('/api/purchase', body);
    expect(again.statusCode).toBe(200);
    const placed = await db().select().from(orders).where(eq(orders.customerUid, c.uid));
    expect(placed).toHaveLength(1);
    expect(again.json().data.id).toBe(placed[0]!.id);
    const moves = await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, card));
    // One authorization and its capture: one charge of the card.
    expect(moves.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['authorize', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('the key in the Idempotency-Key header answers the first order; another order under it is 422; none is 400 (ADR 021)', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const body = context(c.uid, cartId, { payment: { savedCard: true, cardId: card } });
    const headerKey = key();
    const send = (payload: object, headers: Record<string, string> = { 'idempotency-key': headerKey }) =>
      app().app.inject({
        method: 'POST',
        url: '/api/purchase',
        payload,
        headers: { ...agent().headers, ...headers },
      });
    const first = await send(body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(body)).json().data.id).toBe(first.json().data.id);
    const other = await send({ ...body, giftMessage: 'Happy birthday' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: 'This idempotency key was already used for a different order.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const none = await send(body, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/^An idempotency key is required/);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(1);
  });

  it('a declined card leaves no order and no credit taken; the same checkout can then succeed', async () => {
    const c = await customer({}, 1000);
    const declined = await savedCard(c.uid, 'decline');
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const k = key();
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 200, payment: { savedCard: true, cardId: declined } }),
      idempotencyKey: k,
    });
    expect(r.statusCode).toBe(402);
    expect(r.json().error).toMatch(/^Your order was not successful\. /);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(0);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(1000);
    const good = await savedCard(c.uid);
    const retry = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 200, payment: { savedCard: true, cardId: good } }),
      idempotencyKey: k,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const [sub] = await db()
      .select()
      .from(checkoutSubmissions)
      .where(eq(checkoutSubmissions.idempotencyKey, k));
    expect(sub).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a new card is charged through its gateway token (never a card number)', async () => {
    const c = await customer();
    const token = await app().app.ctx.gateway.tokenizeCard({
      number: '4111 1111 1111 1111',
      cvv: '123',
      expiry: '12/39',
      postalCode: '78701',
    });
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: false, squareNonce: token.token, saveCard: true } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const cards = await db().select().from(paymentCards).where(eq(paymentCards.accountUid, c.uid));
    expect(cards.map((x) => x.last4)).toEqual(['1111']);
  });

  it('voids the charge when the order write fails, and keeps nothing', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    faults.beforeCommit = () => {
      throw new Error('disk full');
    };
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode).toBe(500);
    expect(r.json().error).toBe('Your order was not successful. Sorry, there was an error. Try again?');
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(0);
    const [charge] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.cardId, card));
    expect(charge).toMatchObject({ kind: 'authorize', status: 'succeeded' });
    const voids = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, charge!.id));
    expect(voids.map((x) => [x.kind, x.status])).toEqual([['void', 'succeeded']]);
  });

  it('keeps the Sift session id on the order only while it lives (30 minutes)', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const place = async (siftSessionId: string) => {
      const cartId = await cartWith(c.uid, [['LIP', 1]]);
      const r = await post('/api/purchase', {
        ...context(c.uid, cartId, { siftSessionId, payment: { savedCard: true, cardId: card } }),
        idempotencyKey: key(),
      });
      expect(r.statusCode, r.body).toBe(200);
      const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
      return o!.siftSessionId;
    };
    const live = newSiftSession(Date.now() - 29 * 60_000, 'livesession01').id;
    const stale = newSiftSession(Date.now() - 31 * 60_000, 'stalesession1').id;
    expect(await place(live)).toBe(live);
    expect(await place(stale)).toBeNull();
  });

  it('refuses an empty cart, a missing method and a card of someone else', async () => {
    const c = await customer();
    const other = await customer();
    const card = await savedCard(other.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const foreign = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(
      'Your order was not successful. That saved card does not belong to this customer.',
    );
    const own = await savedCard(c.uid);
    const noMethod = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        shipping: { method: null, address: TX_ADDRESS },
        payment: { savedCard: true, cardId: own },
      }),
      idempotencyKey: key(),
    });
    expect(noMethod.json().error).toBe('Your order was not successful. Choose a shipping method.');
    const empty = await cartWith(c.uid, []);
    const r = await post('/api/purchase', {
      ...context(c.uid, empty, { payment: { savedCard: true, cardId: own } }),
      idempotencyKey: key(),
    });
    expect(r.json().error).toBe('Your order was not successful. You cannot checkout if your cart is empty!');
  });
});
