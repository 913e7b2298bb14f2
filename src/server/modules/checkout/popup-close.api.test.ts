import { ORDER_STATE } from '@domain/reference';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRetries,
  changeEvents,
  downstreamExports,
  failedOrders,
  orderPayments,
  orders,
  outbox,
  paymentCards,
  paymentTransactions,
  productCredit,
  shippingAddresses,
  shippingRates,
  socials,
  taxRates,
} from '../../db/schema';
import type { Database } from '../../platform/db';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { downstreamPass } from '../downstream/downstream.worker';
import { recalculatePopupTotals } from '../orders/orders.service';
import { captureRetryPass } from './capture.service';
import { closeDuePopups, closeFaults } from './popup-close.service';

// The popup close (ADR 015): a worker closes each open popup whose closing date passed,
// moves its ship-to-social orders to invoices in the same transaction and captures their cards.

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db());
  await db()
    .insert(shippingRates)
    .values([{ countryId: 1, shippingMethodId: 3, amountCents: 795, phoenixShippingMethodId: 1 }]);
  await db()
    .insert(taxRates)
    .values([{ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true }]);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });

const HOUR = 3_600_000;
/** The clock the tests move: the popups close a day from the real now. */
const CLOSES = new Date(Math.floor(Date.now() / 1000) * 1000 + 24 * HOUR);
const closingPlus = (ms: number) => new Date(CLOSES.getTime() + ms);

let n = 0;
const key = () => `popup-close-${++n}-${Date.now()}`;

/** A consultant hosting a popup that closes at CLOSES, with a default address in `region`. */
async function popup(o: { status?: 'open' | 'closed' | 'cancelled'; region?: string; host?: string } = {}) {
  let hostUid = o.host;
  let hostPhoenix: number | undefined;
  if (!hostUid) {
    const host = await insertAccount(db(), { userType: 1, tAndCAccepted: true });
    hostUid = host.uid;
    hostPhoenix = host.phoenixId;
    await db()
      .insert(shippingAddresses)
      .values({
        accountUid: host.uid,
        firstName: 'Hostess',
        lastName: 'Withthemost',
        address: '500 E 7th St',
        city: o.region === 'OR' ? 'Portland' : 'Austin',
        region: o.region ?? 'TX',
        postalCode: o.region === 'OR' ? '97201' : '78701',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      });
  }
  const [s] = await db()
    .insert(socials)
    .values({
      uid: hostUid,
      hostUid,
      name: `Pop-Up ${++n}`,
      status: o.status ?? 'open',
      openingDate: new Date(Date.now() - 48 * HOUR),
      closingDate: CLOSES,
    })
    .returning();
  return { social: s!, hostUid, hostPhoenix };
}

async function guest(sponsorId: number | undefined, o: { creditCents?: number; languageId?: number } = {}) {
  const c = await insertAccount(db(), {
    userType: 3,
    tAndCAccepted: true,
    sponsorId,
    email: `guest${++n}@example.com`,
    defaultLanguageId: o.languageId ?? 1,
  });
  if (o.creditCents)
    await db()
      .insert(productCredit)
      .values({ accountUid: c.uid, country: 'us', balanceCents: o.creditCents });
  const card = `card_${c.uid.slice(-8)}_${n}`;
  await db().insert(paymentCards).values({
    id: card,
    accountUid: c.uid,
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    countryId: 1,
  });
  return { ...c, card };
}

/** A Ship to Social purchase of `qty` LIP (10.00 each) for the guest, in the popup. */
async function shipToSocial(g: { uid: string; card: string }, popupId: number, qty = 1, appliedCredit = 0) {
  const created = await post('/api/carts', { uid: g.uid, localeCode: 'en-US' });
  const cartId = created.json().data.cartId as string;
  expect((await post(`/api/carts/${cartId}/products`, { sku: 'LIP', quantity: qty })).statusCode).toBe(200);
  const r = await post('/api/purchase', {
    cartId,
    uid: g.uid,
    localeCode: 'en-US',
    orderType: 16,
    popupId,
    shipping: { method: 6, address: null },
    appliedCredit,
    payment: { savedCard: true, cardId: g.card },
    idempotencyKey: key(),
  });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().data.collection).toBe('ship-to-socials');
  return r.json().data.id as string;
}

const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const socialOf = async (id: number) => (await db().select().from(socials).where(eq(socials.id, id)))[0]!;
const eventsOf = (entityId: string, action: string) =>
  db()
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.entityId, entityId), eq(changeEvents.action, action)));
const exported = async (id: string) =>
  (await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).length;
/** The before and after of an event's top-level fields that changed. */
function sides(e: {
  differences: { kind: string; path: (string | number)[]; lhs?: unknown; rhs?: unknown }[];
}) {
  const top = e.differences.filter((d) => d.path.length === 1);
  return {
    before: Object.fromEntries(top.filter((d) => d.kind !== 'N').map((d) => [d.path[0], d.lhs])),
    after: Object.fromEntries(top.filter((d) => d.kind !== 'D').map((d) => [d.path[0], d.rhs])),
  };
}
const capturesOf = async (orderId: string) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId))).filter(
    (m) => m.kind === 'capture' && m.status === 'succeeded',
  );

describe('closing a popup (ADR 015)', () => {
  it('closes a popup once its closing date passed: its orders move to invoices and are captured', async () => {
    const { social, hostPhoenix } = await popup();
    const g = await guest(hostPhoenix);
    const first = await shipToSocial(g, social.id, 2);
    const second = await shipToSocial(await guest(hostPhoenix), social.id, 1);
    const cancelled = await shipToSocial(await guest(hostPhoenix), social.id, 1);
    await db()
      .update(orders)
      .set({
        state: ORDER_STATE.cancelled,
        cancellation: {
          ticket: '12345',
          reason: 'Customer request',
          adminUid: 'staff-1',
          date: new Date().toISOString(),
        },
      })
      .where(eq(orders.id, cancelled));
    await recalculatePopupTotals(db(), social.id);
    expect(await socialOf(social.id)).toMatchObject({
      status: 'open',
      orderCount: 2,
      totalCents: 2165 + 1083,
    });

    // Not yet: a minute before its closing date nothing moves.
    expect(await closeDuePopups(t.app.ctx, closingPlus(-60_000))).toEqual({ popups: 0, orders: 0 });
    expect((await orderOf(first)).collection).toBe('ship-to-socials');

    expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 1, orders: 2 });
    expect(await socialOf(social.id)).toMatchObject({ status: 'closed', orderCount: 2, totalCents: 3248 });
    for (const id of [first, second]) {
      expect(await orderOf(id)).toMatchObject({
        collection: 'invoices',
        state: ORDER_STATE.captured,
        paymentState: 'captured',
        socialId: social.id,
      });
      expect((await orderOf(id)).dateCapturedUtc).not.toBeNull();
      const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, id));
      expect(payments.map((p) => [p.method, p.state])).toEqual([['card', 'captured']]);
      expect(await capturesOf(id)).toHaveLength(1);
      expect(await exported(id)).toBe(1);
      const [moved] = await eventsOf(id, 'order.popupClosed');
      expect(moved).toMatchObject({ changedBy: 'system', changedByName: 'Popup close' });
      expect(sides(moved!).before).toMatchObject({ collection: 'ship-to-socials' });
      expect(sides(moved!).after).toMatchObject({
        collection: 'invoices',
        socialId: social.id,
        payment: 'capture',
      });
      expect(await eventsOf(id, 'order.captured')).toHaveLength(1);
      expect(
        (await db().select().from(captureRetries).where(eq(captureRetries.orderId, id)))[0],
      ).toMatchObject({ status: 'captured' });
    }
    // The cancelled order stays where it was, uncaptured and out of the export.
    expect(await orderOf(cancelled)).toMatchObject({
      collection: 'ship-to-socials',
      state: ORDER_STATE.cancelled,
      paymentState: 'authorized',
    });
    expect(await exported(cancelled)).toBe(0);
    expect(await eventsOf(cancelled, 'order.popupClosed')).toEqual([]);
    const [closed] = await eventsOf(String(social.id), 'social.close');
    expect(sides(closed!).before).toMatchObject({ status: 'open' });
    expect(sides(closed!).after).toMatchObject({ status: 'closed' });
    expect((sides(closed!).after as { movedToInvoices: string[] }).movedToInvoices.sort()).toEqual(
      [first, second].sort(),
    );

    // A later pass finds nothing more to do: nothing is moved or captured twice.
    expect(await closeDuePopups(t.app.ctx, closingPlus(HOUR))).toEqual({ popups: 0, orders: 0 });
    expect(await capturesOf(first)).toHaveLength(1);
    await captureRetryPass(t.app.ctx);
    expect(await capturesOf(first)).toHaveLength(1);
  });

  it('an order split across two cards at checkout has each card captured once when its popup closes (ADR 030)', async () => {
    const { social, hostPhoenix } = await popup({ region: 'OR' });
    const g = await guest(hostPhoenix);
    const second = `${g.card}_b`;
    await db().insert(paymentCards).values({
      id: second,
      accountUid: g.uid,
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2040,
      countryId: 1,
    });
    const created = await post('/api/carts', { uid: g.uid, localeCode: 'en-US' });
    const cartId = created.json().data.cartId as string;
    expect((await post(`/api/carts/${cartId}/products`, { sku: 'LIP', quantity: 2 })).statusCode).toBe(200);
    const r = await post('/api/purchase', {
      cartId,
      uid: g.uid,
      localeCode: 'en-US',
      orderType: 16,
      popupId: social.id,
      shipping: { method: 6, address: null },
      appliedCredit: 0,
      // No tax in Oregon and free Ship to Social: 2 × 10.00.
      payment: {
        splitPayments: [
          { amount: 1500, cardId: g.card },
          { amount: 500, cardId: second },
        ],
      },
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    expect(await orderOf(id)).toMatchObject({ collection: 'ship-to-socials', paymentState: 'authorized' });
    expect(await capturesOf(id)).toEqual([]);
    expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 1, orders: 1 });
    expect(await orderOf(id)).toMatchObject({ collection: 'invoices', paymentState: 'captured' });
    expect((await capturesOf(id)).map((m) => m.amountCents).sort()).toEqual([1500, 500].sort());
    expect(
      (await db().select().from(orderPayments).where(eq(orderPayments.orderId, id))).map((p) => p.state),
    ).toEqual(['captured', 'captured']);
    expect(await exported(id)).toBe(1);
  });

  it('an order paid by product credit alone is captured at once and queued', async () => {
    // No tax in Oregon: 10.00 of product credit pays the whole order.
    const { social, hostPhoenix } = await popup({ region: 'OR' });
    const g = await guest(hostPhoenix, { creditCents: 5000 });
    const id = await shipToSocial(g, social.id, 1, 1000);
    expect(await orderOf(id)).toMatchObject({ grandTotalCents: 0, paymentState: 'authorized' });
    expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 1, orders: 1 });
    expect(await orderOf(id)).toMatchObject({
      collection: 'invoices',
      state: ORDER_STATE.captured,
      paymentState: 'captured',
    });
    expect((await orderOf(id)).dateCapturedUtc).not.toBeNull();
    expect(await exported(id)).toBe(1);
    expect(sides((await eventsOf(id, 'order.popupClosed'))[0]!).after).toMatchObject({
      payment: 'paid by product credit',
    });
    expect(await db().select().from(captureRetries).where(eq(captureRetries.orderId, id))).toEqual([]);
  });

  it('a capture that fails goes to capture retries and Failed orders; the capture worker captures it later', async () => {
    const { social, hostPhoenix } = await popup();
    const id = await shipToSocial(await guest(hostPhoenix), social.id, 1);
    const real = t.app.ctx.gateway;
    t.app.ctx.gateway = { ...real, capture: async () => Promise.reject(new Error('gateway timeout')) };
    try {
      expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 1, orders: 1 });
    } finally {
      t.app.ctx.gateway = real;
    }
    expect(await orderOf(id)).toMatchObject({
      collection: 'invoices',
      state: ORDER_STATE.processing,
      paymentState: 'authorized',
    });
    expect(await exported(id)).toBe(0);
    expect((await db().select().from(captureRetries).where(eq(captureRetries.orderId, id)))[0]).toMatchObject(
      {
        status: 'pending',
        attempts: 1,
      },
    );
    const [failure] = await db().select().from(failedOrders).where(eq(failedOrders.orderId, id));
    expect(failure).toMatchObject({ errorCode: 'PAYMENT_NOT_CAPTURED', resolvedAt: null });
    expect(await eventsOf(id, 'order.captureFailed')).toHaveLength(1);
    // The sweep of the export never queues it while uncaptured.
    await downstreamPass(db(), t.app.log, { sweep: true });
    expect(await exported(id)).toBe(0);
    await db()
      .update(captureRetries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(captureRetries.orderId, id));
    await captureRetryPass(t.app.ctx);
    expect(await orderOf(id)).toMatchObject({ state: ORDER_STATE.captured, paymentState: 'captured' });
    expect(await exported(id)).toBe(1);
    expect(await capturesOf(id)).toHaveLength(1);
  });

  it('a process that dies after the close commits leaves the capture to the capture worker', async () => {
    const { social, hostPhoenix } = await popup();
    const id = await shipToSocial(await guest(hostPhoenix), social.id, 1);
    closeFaults.crashAfterCommit = true;
    try {
      await expect(closeDuePopups(t.app.ctx, closingPlus(1000))).rejects.toThrow('simulated crash');
    } finally {
      closeFaults.crashAfterCommit = false;
    }
    // Moved, not captured: the capture recorded in the close's transaction waits for its lease.
    expect(await orderOf(id)).toMatchObject({ collection: 'invoices', paymentState: 'authorized' });
    const [retry] = await db().select().from(captureRetries).where(eq(captureRetries.orderId, id));
    expect(retry).toMatchObject({
      status: 'pending',
      attempts: 0,
      idempotencyKey: `popup-close:${id}:capture`,
    });
    expect(await captureRetryPass(t.app.ctx)).toBe(0);
    await db()
      .update(captureRetries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(captureRetries.orderId, id));
    expect(await captureRetryPass(t.app.ctx)).toBe(1);
    expect(await orderOf(id)).toMatchObject({ state: ORDER_STATE.captured, paymentState: 'captured' });
    expect(await capturesOf(id)).toHaveLength(1);
    expect(await exported(id)).toBe(1);
  });

  it('moves an order without a gateway authorization and leaves its payment as it is, audited', async () => {
    const { social, hostPhoenix } = await popup();
    const id = await shipToSocial(await guest(hostPhoenix), social.id, 1);
    // As a demo or imported order: paid by a tender the gateway does not hold.
    await db()
      .update(orderPayments)
      .set({ method: 'alternative', cardId: null })
      .where(eq(orderPayments.orderId, id));
    expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 1, orders: 1 });
    expect(await orderOf(id)).toMatchObject({
      collection: 'invoices',
      state: ORDER_STATE.processing,
      paymentState: 'authorized',
    });
    expect(await capturesOf(id)).toEqual([]);
    expect(await db().select().from(captureRetries).where(eq(captureRetries.orderId, id))).toEqual([]);
    expect(await db().select().from(failedOrders).where(eq(failedOrders.orderId, id))).toEqual([]);
    expect(sides((await eventsOf(id, 'order.popupClosed'))[0]!).after).toMatchObject({
      collection: 'invoices',
      payment: 'left as is: no single card authorization to capture',
    });
  });

  it('a cancelled popup keeps its orders; reassigned to another popup they move when that one closes', async () => {
    const { social: gone, hostUid, hostPhoenix } = await popup();
    const id = await shipToSocial(await guest(hostPhoenix), gone.id, 1);
    await db().update(socials).set({ status: 'cancelled' }).where(eq(socials.id, gone.id));
    const { social: next } = await popup({ host: hostUid });
    await db()
      .update(socials)
      .set({ closingDate: closingPlus(2 * HOUR) })
      .where(eq(socials.id, next.id));
    expect(await closeDuePopups(t.app.ctx, closingPlus(HOUR))).toEqual({ popups: 0, orders: 0 });
    expect((await orderOf(id)).collection).toBe('ship-to-socials');

    const moved = await post(`/api/cs/order/${id}/popup`, { socialId: next.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await socialOf(next.id)).toMatchObject({ orderCount: 1, totalCents: 1083 });
    expect(await socialOf(gone.id)).toMatchObject({ orderCount: 0, totalCents: 0 });
    expect(await closeDuePopups(t.app.ctx, closingPlus(HOUR))).toEqual({ popups: 0, orders: 0 });
    expect(await closeDuePopups(t.app.ctx, closingPlus(2 * HOUR + 1000))).toEqual({ popups: 1, orders: 1 });
    expect(await orderOf(id)).toMatchObject({ collection: 'invoices', paymentState: 'captured' });
  });

  it('an order reassigned to a popup already closed is moved and captured by the next pass', async () => {
    const { social: open, hostUid, hostPhoenix } = await popup();
    await db()
      .update(socials)
      .set({ closingDate: closingPlus(10 * HOUR) })
      .where(eq(socials.id, open.id));
    const id = await shipToSocial(await guest(hostPhoenix), open.id, 1);
    const { social: closed } = await popup({ host: hostUid, status: 'closed' });
    expect((await post(`/api/cs/order/${id}/popup`, { socialId: closed.id })).statusCode).toBe(200);
    expect(await closeDuePopups(t.app.ctx, closingPlus(1000))).toEqual({ popups: 0, orders: 1 });
    expect(await orderOf(id)).toMatchObject({ collection: 'invoices', paymentState: 'captured' });
    expect(sides((await eventsOf(id, 'order.popupClosed'))[0]!).after).toMatchObject({
      popup: 'already closed',
    });
    expect(await socialOf(closed.id)).toMatchObject({ status: 'closed', orderCount: 1, totalCents: 1083 });
    expect(await socialOf(open.id)).toMatchObject({ status: 'open', orderCount: 0 });
  });

  it('writes the French confirmation email of a Ship to Social order with a French method name', async () => {
    const { social, hostPhoenix } = await popup();
    const id = await shipToSocial(await guest(hostPhoenix, { languageId: 2 }), social.id, 1);
    const [mail] = await db().select().from(outbox).where(eq(outbox.entityId, id));
    expect(mail!.subject).toContain('Votre commande');
    expect(mail!.text).toContain('Mode de livraison : Livraison à la fête');
    expect(mail!.text).not.toContain('Ship to Social');
    // Nothing else is due: leave the popup for the tests after.
    await db().update(socials).set({ status: 'closed' }).where(eq(socials.id, social.id));
    await closeDuePopups(t.app.ctx, closingPlus(1000));
  });

  it('two workers racing close each popup and move each order exactly once', async () => {
    const popups = [];
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { social, hostPhoenix } = await popup();
      popups.push(social.id);
      for (let k = 0; k < 2; k++) ids.push(await shipToSocial(await guest(hostPhoenix), social.id, 1));
    }
    // Own connections on PostgreSQL (two processes); interleaved on one database with PGlite.
    const connect = (t.database as Database & { connectAgain?: () => Promise<Database> }).connectAgain;
    const extra = connect ? [await connect(), await connect()] : [];
    const dbs = extra.length > 0 ? extra.map((d) => d.db) : [db(), db()];
    const results = await Promise.all(
      dbs.map((d) => closeDuePopups({ ...t.app.ctx, db: d }, closingPlus(1000), 2)),
    );
    // A batch of two popups each: whatever one worker skipped, the other closed.
    const more = await closeDuePopups(t.app.ctx, closingPlus(1000));
    for (const d of extra) await d.close();
    const all = [...results, more];
    expect(all.reduce((s, r) => s + r.popups, 0)).toBe(4);
    expect(all.reduce((s, r) => s + r.orders, 0)).toBe(8);
    const rows = await db().select().from(socials).where(inArray(socials.id, popups));
    expect(rows.every((s) => s.status === 'closed')).toBe(true);
    for (const sid of popups) expect(await eventsOf(String(sid), 'social.close')).toHaveLength(1);
    for (const id of ids) {
      expect(await eventsOf(id, 'order.popupClosed')).toHaveLength(1);
      expect(await eventsOf(id, 'order.captured')).toHaveLength(1);
      expect(await capturesOf(id)).toHaveLength(1);
      expect(await orderOf(id)).toMatchObject({ collection: 'invoices', paymentState: 'captured' });
      expect(await exported(id)).toBe(1);
    }
  });
});
