import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  fraudDecisions,
  orderComments,
  orderLines,
  orderPayments,
  orderShipments,
  orders,
  outbox,
  refunds,
  socials,
} from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;
let leader: SignedIn;
let fraud: SignedIn;
let developer: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  [agent, leader, fraud, developer] = await Promise.all([
    t.signIn('agent'),
    t.signIn('leader'),
    t.signIn('fraudAgent'),
    t.signIn('developer'),
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, who = agent) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: unknown, who = agent) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: who.headers });

/** An order with two lines, a card payment, a shipment and an optional refund. */
async function anOrder(o: Partial<typeof orders.$inferInsert> = {}, opts: { refundedCents?: number } = {}) {
  const customer = await insertAccount(db(), { userType: 2, email: `buyer${Math.random()}@example.com` });
  const order = await insertOrder(db(), customer.uid, {
    customerUserType: 2,
    customerEmail: customer.email,
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    prePromoSubtotalCents: 6000,
    discountCents: 1000,
    subtotalCents: 5000,
    shippingCents: 800,
    taxCents: 400,
    appliedCreditCents: 200,
    grandTotalCents: 6000,
    shippingMethodId: 3,
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '73301',
      country: 'US',
      countryId: 1,
    },
    ...o,
  });
  await db()
    .insert(orderLines)
    .values([
      {
        orderId: order.id,
        lineNo: 1,
        sku: '1001',
        title: 'Lip Balm',
        quantity: 2,
        priceCents: 3000,
        adjustedPriceCents: 2500,
        discountCents: 1000,
        totalCents: 5000,
        cv: 10,
        pv: 20,
        qv: 20,
      },
      {
        orderId: order.id,
        lineNo: 2,
        sku: '1002',
        title: 'Sample',
        quantity: 1,
        priceCents: 0,
        adjustedPriceCents: 0,
        totalCents: 0,
        isSample: true,
      },
    ]);
  await db()
    .insert(orderPayments)
    .values({
      orderId: order.id,
      method: 'card',
      brand: 'VISA',
      accountNumber: '4242',
      transactionId: `tx_${order.id}`,
      amountCents: 6000,
      refundedCents: opts.refundedCents ?? 0,
      currency: 'USD',
    });
  if (opts.refundedCents)
    await db()
      .insert(refunds)
      .values({
        id: `rf_${order.id}`,
        orderId: order.id,
        reason: 'Returned',
        amountCents: opts.refundedCents,
        currency: 'USD',
        adminUid: 'someone',
        idempotencyKey: `idem_${order.id}`,
      });
  return { order, customer };
}

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const events = (id: string) =>
  db()
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, id)));
const outboxOf = (id: string) => db().select().from(outbox).where(eq(outbox.entityId, id));

describe('order detail', () => {
  it('answers the order with totals that add up, payments, shipments, comments newest first', async () => {
    const { order, customer } = await anOrder({}, { refundedCents: 1000 });
    await db().insert(orderShipments).values({
      orderId: order.id,
      carrierId: 1,
      trackingNumber: '7777',
      trackingUrl: 'https://example.com/t/7777',
      shippedAt: new Date(),
    });
    await post(`/api/cs/order/${order.id}/comments`, { comment: 'first' });
    await post(`/api/cs/order/${order.id}/comments`, { comment: 'second' });
    const res = await get(`/api/cs/order/${order.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: order.id,
      orderLabel: `F${order.orderId}`,
      loadedFrom: 'Completed',
      status: 'Shipped',
      customer: { uid: customer.uid, userType: 2 },
      payments: [{ brand: 'VISA', last4: '4242', amountCents: 6000 }],
      shipments: [{ carrierName: 'FedEx', trackingNumber: '7777' }],
      refunds: { count: 1, refundedCents: 1000, fullyRefunded: false },
      readOnly: false,
    });
    const t2 = d.totals;
    expect(t2.prePromoSubtotalCents - t2.discountCents).toBe(t2.subtotalCents);
    expect(t2.subtotalCents + t2.shippingCents + t2.taxCents - t2.appliedCreditCents).toBe(
      t2.grandTotalCents,
    );
    expect(d.lines[0]).toMatchObject({ sku: '1001', cv: 10, pv: 20 });
    expect(d.comments.map((c: { description: string }) => c.description)).toEqual(['second', 'first']);
  });

  it('marks Pending and cancelled orders read-only with the reason', async () => {
    const pending = (await anOrder({ collection: 'orders', state: 1 })).order;
    const cancelled = (await anOrder({ state: 7 })).order;
    expect((await get(`/api/cs/order/${pending.id}`)).json().data).toMatchObject({
      loadedFrom: 'Pending',
      status: 'Pending Terms',
      readOnly: true,
      readOnlyReason: expect.stringContaining('pending'),
    });
    expect((await get(`/api/cs/order/${cancelled.id}`)).json().data).toMatchObject({
      cancelled: true,
      readOnly: true,
      readOnlyReason: expect.stringContaining('cancelled'),
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/cs/order/NOSUCHORDER')).statusCode).toBe(404);
    expect((await get('/api/cs/order/bad%20id')).statusCode).toBe(400);
    expect((await get('/api/cs/order/NOSUCHORDER/dhlStatus')).statusCode).toBe(404);
    expect((await get('/api/customer/orderDetails/NOSUCHORDER')).statusCode).toBe(404);
  });

  it('serves customer/orderDetails in the spec shape and dhlStatus', async () => {
    const { order } = await anOrder({ dhlHoldStatus: 'HOLD', shippingMethodId: 5 });
    await db()
      .insert(orderShipments)
      .values({ orderId: order.id, carrierId: 6, trackingNumber: 'D1', shippedAt: new Date() });
    expect((await get(`/api/customer/orderDetails/${order.id}`)).json()).toEqual({
      success: true,
      data: {
        orderResponse: {
          orderShipment: { shippingMethodID: 5, packages: [{ shippingCarrierID: 6, trackingNumber: 'D1' }] },
        },
      },
    });
    expect((await get(`/api/cs/order/${order.id}/dhlStatus`)).json()).toEqual({
      success: true,
      inHolding: true,
    });
    const other = (await anOrder({ dhlHoldStatus: 'RELEASED' })).order;
    expect((await get(`/api/cs/order/${other.id}/dhlStatus`)).json().inHolding).toBe(false);
  });
});

describe('comments', () => {
  it('adds a comment audited in orders-log; empty comment is a 400 and writes nothing', async () => {
    const { order } = await anOrder();
    const ok = await post(`/api/cs/order/${order.id}/comments`, { comment: 'Called the customer' });
    expect(ok.json()).toEqual({ success: true, message: 'Successfully submitted' });
    const bad = await post(`/api/cs/order/${order.id}/comments`, { comment: '  ' });
    expect(bad.statusCode).toBe(400);
    const rows = await db().select().from(orderComments).where(eq(orderComments.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toContain('agent');
    expect((await events(order.id)).map((e) => e.action)).toEqual(['order.comment']);
    expect((await post('/api/cs/order/NOSUCHORDER/comments', { comment: 'x' })).statusCode).toBe(404);
  });
});

describe('cancel (spec 2 §4, §6)', () => {
  const cancel = (id: string, who: SignedIn, body: object = { ticket: 'T-1', reason: 'Customer asked' }) =>
    post(`/api/cs/cancelOrder/${id}`, body, who);

  it('agents may not cancel at all (403), nothing written', async () => {
    const { order } = await anOrder({ isMembership: true }, { refundedCents: 6000 });
    const res = await cancel(order.id, agent);
    expect(res.statusCode).toBe(403);
    expect((await orderRow(order.id)).state).toBe(3);
  });

  it('leader: a captured membership order not fully refunded is refused with the spec message', async () => {
    const { order } = await anOrder({ isMembership: true }, { refundedCents: 5999 });
    const res = await cancel(order.id, leader);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Order needs to be fully refunded before cancelling.');
    expect(await orderRow(order.id)).toMatchObject({ state: 3, cancellation: null });
    expect(await events(order.id)).toHaveLength(0);
  });

  it('leader: a fully refunded membership order is cancelled with comment, state 7 and orders-log event', async () => {
    const { order } = await anOrder({ isMembership: true }, { refundedCents: 6000 });
    const res = await cancel(order.id, leader, { ticket: 'T-9', reason: 'Duplicate', comment: 'by phone' });
    expect(res.json()).toEqual({ success: true, message: `Sucessfully cancelled order F${order.orderId}.` });
    const row = await orderRow(order.id);
    expect(row.state).toBe(7);
    expect(row.cancellation).toMatchObject({ ticket: 'T-9', reason: 'Duplicate', comment: 'by phone' });
    const comments = await db().select().from(orderComments).where(eq(orderComments.orderId, order.id));
    expect(comments).toMatchObject([{ status: 'Cancelled' }]);
    expect((await events(order.id)).map((e) => e.action)).toEqual(['order.cancel']);
    const again = await cancel(order.id, developer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already cancelled/);
  });

  it('leader: renewal and shipping method 6 orders qualify; other orders and host orders do not', async () => {
    const renewal = (await anOrder({ isRenewal: true }, { refundedCents: 6000 })).order;
    expect((await cancel(renewal.id, leader)).statusCode).toBe(200);
    const ship6 = (await anOrder({ shippingMethodId: 6 }, { refundedCents: 6000 })).order;
    expect((await cancel(ship6.id, leader)).statusCode).toBe(200);
    const plain = (await anOrder({}, { refundedCents: 6000 })).order;
    const refused = await cancel(plain.id, leader);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/membership, renewal or shipping method 6/);
    const host = (await anOrder({ isMembership: true, hostOrder: true }, { refundedCents: 6000 })).order;
    const hostRes = await cancel(host.id, developer);
    expect(hostRes.statusCode).toBe(409);
    expect(hostRes.json().error).toMatch(/Host orders/);
    expect((await orderRow(plain.id)).state).toBe(3);
  });

  it('on the new flow every state past Processing needs a full refund first; on the old flow only Captured', async () => {
    const held = (await anOrder({ isMembership: true, state: 8, newOrderFlow: true })).order;
    const refused = await cancel(held.id, leader);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Order needs to be fully refunded before cancelling.');
    expect(await orderRow(held.id)).toMatchObject({ state: 8, cancellation: null });
    const refunded = (
      await anOrder({ isMembership: true, state: 8, newOrderFlow: true }, { refundedCents: 6000 })
    ).order;
    expect((await cancel(refunded.id, leader)).statusCode).toBe(200);
    const oldFlow = (await anOrder({ isMembership: true, state: 8, newOrderFlow: false })).order;
    expect((await cancel(oldFlow.id, leader)).statusCode).toBe(200);
  });

  it('a leader may cancel a not-captured membership order without refunds', async () => {
    const { order } = await anOrder({ isMembership: true, state: 1 });
    expect((await cancel(order.id, leader)).statusCode).toBe(200);
  });

  it('fraud agent and developer cancel without a prior full refund', async () => {
    const a = (await anOrder({ isMembership: true })).order;
    expect((await cancel(a.id, fraud)).statusCode).toBe(200);
    const b = (await anOrder({ shippingMethodId: 6 })).order;
    expect((await cancel(b.id, developer)).statusCode).toBe(200);
  });

  it('downstream orders need a DHL hold and a fraud agent or developer', async () => {
    const held = (await anOrder({ phoenixOrderId: 900000001, dhlHoldStatus: 'HOLD' })).order;
    const byLeader = await cancel(held.id, leader, { ticket: 'T', reason: 'r' });
    expect(byLeader.statusCode).toBe(403);
    expect(byLeader.json().error).toMatch(/already downstream/);
    const notHeld = (await anOrder({ phoenixOrderId: 900000002, dhlHoldStatus: null, isMembership: true }))
      .order;
    const noHold = await cancel(notHeld.id, fraud);
    expect(noHold.statusCode).toBe(409);
    expect(noHold.json().error).toMatch(/DHL hold/);
    expect((await cancel(held.id, fraud)).statusCode).toBe(200);
    expect((await orderRow(notHeld.id)).state).toBe(3);
  });

  it('Pending orders cannot be cancelled; ticket and reason are required; unknown id 404', async () => {
    const pending = (await anOrder({ collection: 'orders', isMembership: true })).order;
    expect((await cancel(pending.id, developer)).statusCode).toBe(409);
    const { order } = await anOrder({ isMembership: true });
    const missing = await cancel(order.id, developer, { reason: 'x' });
    expect(missing.statusCode).toBe(400);
    expect((await orderRow(order.id)).state).toBe(3);
    expect((await cancel('NOSUCHORDER', developer)).statusCode).toBe(404);
  });
});

describe('fraud flag', () => {
  it('agents and leaders get 403 and nothing is written', async () => {
    const { order } = await anOrder();
    for (const who of [agent, leader]) {
      const res = await post(`/api/cs/order/${order.id}/fraud`, { isFraud: true }, who);
      expect(res.statusCode).toBe(403);
    }
    expect((await orderRow(order.id)).isFraud).toBe(false);
    expect(await outboxOf(order.id)).toHaveLength(0);
  });

  it('needs a boolean', async () => {
    const { order } = await anOrder();
    const res = await post(`/api/cs/order/${order.id}/fraud`, { isFraud: 'yes' }, fraud);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Fraud update requires a boolean');
    expect(await db().select().from(fraudDecisions).where(eq(fraudDecisions.orderId, order.id))).toHaveLength(
      0,
    );
  });

  it('a fraud agent sets it: decision recorded, audited, Sift event queued', async () => {
    const { order, customer } = await anOrder();
    const res = await post(`/api/cs/order/${order.id}/fraud`, { isFraud: true }, fraud);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(order.id)).isFraud).toBe(true);
    const decisions = await db().select().from(fraudDecisions).where(eq(fraudDecisions.orderId, order.id));
    expect(decisions).toMatchObject([{ isFraud: true, analystEmail: fraud.email, userId: customer.uid }]);
    const queued = await outboxOf(order.id);
    expect(queued).toMatchObject([
      {
        channel: 'event',
        template: 'sift.apply-order-decision',
        payload: { isFraud: true, userId: customer.uid, analystEmail: fraud.email, orderId: order.id },
      },
    ]);
    expect((await events(order.id)).map((e) => e.action)).toEqual(['order.fraud']);
    expect((await post(`/api/cs/order/${order.id}/fraud`, { isFraud: false }, developer)).statusCode).toBe(
      200,
    );
    expect((await orderRow(order.id)).isFraud).toBe(false);
  });

  it('serves sift/apply-order-decision for fraud agents; checks the user id', async () => {
    const { order, customer } = await anOrder();
    const body = {
      isFraud: true,
      userId: customer.uid,
      analystEmail: 'analyst@example.com',
      orderId: order.id,
    };
    expect((await post('/api/sift/apply-order-decision', body, agent)).statusCode).toBe(403);
    expect(
      (await post('/api/sift/apply-order-decision', { ...body, userId: 'SOMEONEELSE' }, fraud)).statusCode,
    ).toBe(400);
    expect((await post('/api/sift/apply-order-decision', body, fraud)).statusCode).toBe(200);
    expect((await orderRow(order.id)).isFraud).toBe(true);
    expect(await outboxOf(order.id)).toHaveLength(0);
  });
});

describe('resend emails', () => {
  it('queues the order confirmation with lines, totals and the ship-to address', async () => {
    const { order, customer } = await anOrder();
    const res = await post(`/api/cs/resendOrderConfirmation/${order.id}`, {});
    expect(res.json()).toEqual({ success: true, message: 'Successfully sent order confirmation email.' });
    const [mail] = await outboxOf(order.id);
    expect(mail).toMatchObject({
      channel: 'email',
      template: 'order-confirmation',
      toAddress: customer.email,
    });
    expect(mail!.subject).toContain(`F${order.orderId}`);
    expect(mail!.text).toContain('2 × Lip Balm');
    expect(mail!.text).toContain('Total: $60.00');
    expect(mail!.text).toContain('1 Main St, Austin, TX 73301');
    expect((await events(order.id)).map((e) => e.action)).toEqual(['order.email.order-confirmation']);
  });

  it('the confirmation reads down to its total and each line across, with its member price step', async () => {
    const { order } = await anOrder();
    await db()
      .update(orderLines)
      .set({ listPriceCents: 3600, priceStep: 'member' })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.lineNo, 1)));
    const detail = (await get(`/api/cs/order/${order.id}`)).json().data;
    expect(detail.lines[0]).toMatchObject({ priceCents: 3000, listPriceCents: 3600, priceStep: 'member' });
    expect(detail.lines[1]).toMatchObject({ listPriceCents: null, priceStep: null });
    await post(`/api/cs/resendOrderConfirmation/${order.id}`, {});
    const text = (await outboxOf(order.id))[0]!.text!;
    expect(text).toContain(
      '2 × Lip Balm — SKU 1001 — 2 × $30.00 (list $36.00, your price $30.00) −$10.00 = $50.00',
    );
    const rows = [
      'Items before promotions: $60.00',
      'Promotions: −$10.00',
      'Subtotal: $50.00',
      'Shipping: $8.00',
      'Tax: $4.00',
      'Product credit: −$2.00',
      'Total: $60.00',
    ];
    const at = rows.map((r) => text.indexOf(r));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('shipping confirmation carries tracking; refused without shipments', async () => {
    const { order } = await anOrder();
    const refused = await post(`/api/cs/resendShippingConfirmation/${order.id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/not shipped/);
    expect(await outboxOf(order.id)).toHaveLength(0);
    await db().insert(orderShipments).values({
      orderId: order.id,
      carrierId: 2,
      trackingNumber: '9400111',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111',
      shippedAt: new Date(),
    });
    const sent = await post(`/api/cs/resendShippingConfirmation/${order.id}`, {});
    expect(sent.json().message).toBe('Successfully sent shipping confirmation email.');
    const [mail] = await outboxOf(order.id);
    expect(mail!.text).toContain('USPS tracking number 9400111');
  });

  it('terms email needs email and orderId (plain message), accepts the order number', async () => {
    const { order } = await anOrder({ collection: 'orders', state: 1 });
    const missing = await post('/api/cs/resendTermsEmail', { orderId: order.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Could not resend email.');
    const sent = await post('/api/cs/resendTermsEmail', {
      email: 'who@example.com',
      orderId: `F${order.orderId}`,
    });
    expect(sent.json().message).toBe('Successfully sent terms and conditions acceptance email.');
    expect(await outboxOf(order.id)).toMatchObject([
      { template: 'terms-acceptance', toAddress: 'who@example.com' },
    ]);
    expect(
      (await post('/api/cs/resendTermsEmail', { email: 'a@example.com', orderId: 'NOSUCH' })).statusCode,
    ).toBe(404);
  });

  it('an order without an email is refused and nothing queued', async () => {
    const { order } = await anOrder({ customerEmail: null });
    const res = await post(`/api/cs/resendOrderConfirmation/${order.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(await outboxOf(order.id)).toHaveLength(0);
  });
});

describe('popup reassignment and recalculateSocial', () => {
  it('moves the order between popups and recalculates both', async () => {
    const host = await insertAccount(db(), { userType: 1 });
    const [oldPopup, newPopup] = await db()
      .insert(socials)
      .values([
        { uid: host.uid, name: 'Spring', status: 'open', totalCents: 0, orderCount: 0 },
        { uid: host.uid, name: 'Summer', status: 'open', totalCents: 0, orderCount: 0 },
      ])
      .returning();
    const { order } = await anOrder({ sponsorId: host.phoenixId, socialId: oldPopup!.id });
    await post('/api/cs/recalculateSocial', { id: oldPopup!.id });
    const detail = (await get(`/api/cs/order/${order.id}`)).json().data;
    expect(detail.popup).toMatchObject({ id: oldPopup!.id, name: 'Spring' });
    expect(detail.consultantPopups.map((p: { id: number }) => p.id).sort()).toEqual(
      [oldPopup!.id, newPopup!.id].sort(),
    );

    const res = await post(`/api/cs/order/${order.id}/popup`, { socialId: newPopup!.id });
    expect(res.json()).toMatchObject({
      success: true,
      data: { previousSocialId: oldPopup!.id, socialId: newPopup!.id },
    });
    const [o2, n2] = await Promise.all(
      [oldPopup!.id, newPopup!.id].map(
        async (id) => (await db().select().from(socials).where(eq(socials.id, id)))[0]!,
      ),
    );
    expect(o2).toMatchObject({ totalCents: 0, orderCount: 0 });
    expect(n2).toMatchObject({ totalCents: 6000, orderCount: 1 });
    expect((await events(order.id)).map((e) => e.action)).toEqual(['order.popup']);
    const recalc = await post('/api/cs/recalculateSocial', { id: newPopup!.id });
    expect(recalc.json()).toEqual({
      success: true,
      data: { id: newPopup!.id, totalCents: 6000, orderCount: 1 },
    });
  });

  it('refuses unknown, foreign popups and read-only orders, writing nothing', async () => {
    const stranger = await insertAccount(db(), { userType: 1 });
    const [foreign] = await db()
      .insert(socials)
      .values({ uid: stranger.uid, name: 'Other', status: 'open' })
      .returning();
    const { order } = await anOrder();
    expect((await post(`/api/cs/order/${order.id}/popup`, { socialId: 99999999 })).statusCode).toBe(404);
    expect((await post(`/api/cs/order/${order.id}/popup`, { socialId: foreign!.id })).statusCode).toBe(400);
    expect((await post(`/api/cs/order/${order.id}/popup`, { socialId: 'x' })).statusCode).toBe(400);
    const cancelled = (await anOrder({ state: 7 })).order;
    expect((await post(`/api/cs/order/${cancelled.id}/popup`, { socialId: 0 })).statusCode).toBe(409);
    expect((await orderRow(order.id)).socialId).toBeNull();
    expect(await events(order.id)).toHaveLength(0);
    expect((await post('/api/cs/recalculateSocial', { id: 0 })).statusCode).toBe(400);
    expect((await post('/api/cs/recalculateSocial', { id: 99999999 })).statusCode).toBe(404);
  });
});

describe('order audit', () => {
  it('lists orders-log events with before/after differences', async () => {
    const { order } = await anOrder({ isMembership: true });
    await post(`/api/cs/cancelOrder/${order.id}`, { ticket: 'T-2', reason: 'Asked' }, developer);
    const res = await get(`/api/cs/order/${order.id}/audit`);
    expect(res.statusCode).toBe(200);
    const [event] = res.json().data;
    expect(event.action).toBe('order.cancel');
    expect(event.differences).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'E', path: ['state'], lhs: 3, rhs: 7 })]),
    );
    expect((await get('/api/cs/order/NOSUCHORDER/audit')).statusCode).toBe(404);
  });
});
