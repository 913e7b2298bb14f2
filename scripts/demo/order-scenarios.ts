import {
  orderComments,
  orderLines,
  orderPayments,
  orders,
  paymentTransactions,
  refunds,
} from '@server/db/schema';
import { type Db, type DbOrTx, rows } from '@server/platform/db';
import { asc, eq, sql } from 'drizzle-orm';

// Orders with fixed document ids that show each case of the order operations (spec 2 §4 Cancel,
// Fraud status, Popup reassignment), whatever `now` the demo was built for: the generated orders'
// states depend on their age, these do not. Each is a copy of a generated order (its lines and
// payments come along) put into the state the case needs. No random numbers are drawn, so the rest
// of the demo is unchanged.

export const SCENARIO_ORDERS = {
  /** Captured membership order, not downstream (no Phoenix account yet), not refunded: a leader is refused, a fraud agent may cancel. */
  capturedMembership: 'DemoCapturedMember01',
  /** Captured membership order, not downstream (no Phoenix account yet), fully refunded: a leader may cancel. */
  refundedMembership: 'DemoRefundedMember01',
  /** Downstream order on DHL hold: only a fraud agent or developer may cancel. */
  dhlHold: 'DemoDhlHoldOrder0001',
  /** An order in a popup whose consultant hosts other popups: it can be moved to one of them. */
  popup: 'DemoPopupOrder000001',
  /** Captured membership order, not downstream, not refunded: refund it fully, then a leader may cancel. */
  fullRefundMembership: 'DemoFullRefundMemb01',
  /** Captured order paid on two cards, nothing refunded: partial refunds split over the cards. */
  twoCards: 'DemoTwoCardOrder0001',
  /** The same on two cards, but the second card's first refund attempt fails (a retry succeeds). */
  retryRefund: 'DemoRetryRefundOrd01',
} as const;

export type OrderRow = typeof orders.$inferSelect;

/**
 * The first unused 7-digit order number. The series is a set-returning function in the select
 * list, which yields one row at a time, so LIMIT 1 stops at the first gap; in FROM it would be
 * materialized whole (nine million rows) first.
 */
export async function freeOrderNumber(tx: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select n::int as n from (select generate_series(1000000, 9999999) as n) series
         where not exists (select 1 from orders where order_id = series.n) limit 1`,
  );
  if (!row) throw new Error('no free 7-digit order number for the demo scenario orders');
  return row.n;
}

/** Copies an order with its lines and card payments under a fixed id; `changes` sets the case. */
export async function copyOrder(tx: DbOrTx, source: OrderRow, id: string, changes: Partial<OrderRow>) {
  const { id: _id, orderId: _orderId, updatedAt: _u, ...rest } = source;
  await tx.insert(orders).values({ ...rest, id, orderId: await freeOrderNumber(tx), ...changes });
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, source.id));
  if (lines.length > 0)
    await tx.insert(orderLines).values(lines.map(({ id: _l, ...l }) => ({ ...l, orderId: id })));
  const payments = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, source.id));
  const copies = payments.map(({ id: _p, ...p }, i) => ({
    ...p,
    orderId: id,
    transactionId: `${id}-tx${i + 1}`,
    refundedCents: 0,
    // An order waiting for its popup keeps its card authorized (captured when the popup closes).
    state: p.state === 'authorized' ? 'authorized' : 'captured',
  }));
  await insertPayments(tx, copies, source.dateCreatedUtc);
}

type PaymentInsert = typeof orderPayments.$inferInsert;

/** Order payments with the gateway charges they point at (so the refunds view can refund them). */
export async function insertPayments(
  tx: DbOrTx,
  payments: PaymentInsert[],
  at: Date,
  simulate: (p: PaymentInsert) => string | null = () => null,
) {
  if (payments.length === 0) return;
  await tx.insert(orderPayments).values(payments);
  const charged = payments.filter((p) => p.method !== 'productCredit');
  if (charged.length > 0)
    await tx.insert(paymentTransactions).values(
      charged.map((p) => ({
        id: p.transactionId,
        orderId: p.orderId,
        cardId: p.cardId ?? null,
        kind: p.state === 'authorized' ? ('authorize' as const) : ('charge' as const),
        amountCents: p.amountCents,
        currency: p.currency,
        idempotencyKey: `${p.transactionId}-${p.state === 'authorized' ? 'authorize' : 'charge'}`,
        status: 'succeeded' as const,
        simulate: simulate(p),
        createdAt: at,
      })),
    );
}

export const firstOrder = async (tx: DbOrTx, where: ReturnType<typeof sql>) =>
  (await tx.select().from(orders).where(where).orderBy(asc(orders.orderId)).limit(1))[0];

export async function addOrderScenarios(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await firstOrder(
      tx,
      sql`${orders.isMembership} and ${orders.collection} = 'invoices' and not ${orders.hostOrder}
          and ${orders.customerEmail} is not null and ${orders.grandTotalCents} > 0
          and exists (select 1 from order_payments p where p.order_id = ${orders.id} and p.method = 'card')`,
    );
    if (membership) {
      const captured = {
        state: 3,
        printed: false,
        phoenixOrderId: null,
        dhlHoldStatus: null,
        trackingNumber: null,
        shippingCarrierId: null,
        narvarTrackingUrl: null,
        cancellation: null,
        isFraud: false,
        paymentState: 'captured',
        socialId: null,
        // The member's Phoenix account is not assigned yet, so the export job holds the order back
        // (a failed export) and it stays out of the downstream system whenever the demo is opened.
        customerPhoenixId: null,
      } satisfies Partial<OrderRow>;
      await copyOrder(tx, membership, SCENARIO_ORDERS.capturedMembership, captured);
      await copyOrder(tx, membership, SCENARIO_ORDERS.refundedMembership, captured);
      await copyOrder(tx, membership, SCENARIO_ORDERS.fullRefundMembership, captured);
      // The whole order refunded back to its cards.
      const paid = await tx
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, SCENARIO_ORDERS.refundedMembership));
      const cards = paid.filter((p) => p.method === 'card');
      const cardTotal = cards.reduce((s, p) => s + p.amountCents, 0);
      for (const p of cards) {
        await tx
          .update(orderPayments)
          .set({ refundedCents: p.amountCents })
          .where(eq(orderPayments.id, p.id));
        await tx.insert(paymentTransactions).values({
          id: `${p.transactionId}-rf`,
          orderId: p.orderId,
          cardId: p.cardId,
          kind: 'refund',
          amountCents: p.amountCents,
          currency: p.currency,
          idempotencyKey: `${p.transactionId}-refund`,
          parentTransactionId: p.transactionId,
          status: 'succeeded',
        });
      }
      await tx.insert(refunds).values({
        id: `${SCENARIO_ORDERS.refundedMembership}-rf1`,
        orderId: SCENARIO_ORDERS.refundedMembership,
        reason: 'Customer changed their mind about the membership',
        amountCents: membership.grandTotalCents,
        shippingTotalCents: membership.shippingCents,
        subtotalCents: membership.subtotalCents,
        taxCents: membership.taxCents,
        currency: membership.currency,
        cards: cards.map((p) => ({
          accountNumber: p.accountNumber,
          transactionId: p.transactionId,
          refundAmount: Math.round((p.amountCents * membership.grandTotalCents) / Math.max(1, cardTotal)),
          tenderId: p.tenderId,
          idempotencyKey: `${p.transactionId}-refund`,
          brand: p.brand,
        })),
        adminUid: 'system',
        idempotencyKey: `${SCENARIO_ORDERS.refundedMembership}-refund`,
      });
      await tx.insert(orderComments).values({
        orderId: SCENARIO_ORDERS.refundedMembership,
        description: 'Full refund issued; the membership is to be cancelled.',
        name: 'Customer Service',
      });
    }

    const held = await firstOrder(
      tx,
      sql`${orders.phoenixOrderId} is not null and ${orders.dhlHoldStatus} = 'HOLD' and ${orders.state} = 8
          and ${orders.cancellation} is null and ${orders.grandTotalCents} > 0`,
    );
    if (held) {
      const [max] = await rows<{ n: number }>(
        tx,
        sql`select coalesce(max(phoenix_order_id), 100000000)::bigint as n from orders`,
      );
      await copyOrder(tx, held, SCENARIO_ORDERS.dhlHold, {
        phoenixOrderId: Number(max!.n) + 1,
        isFraud: false,
      });
    }

    // A popup order of a consultant who hosts at least one other popup that is not cancelled.
    const popup = await firstOrder(
      tx,
      sql`${orders.collection} = 'ship-to-socials' and ${orders.socialId} is not null and ${orders.cancellation} is null
          and (select count(*) from socials s join socials mine on mine.id = ${orders.socialId}
                where s.uid = mine.uid and s.status <> 'cancelled') >= 2`,
    );
    if (popup) await copyOrder(tx, popup, SCENARIO_ORDERS.popup, {});

    await addTwoCardOrder(tx, SCENARIO_ORDERS.twoCards, null);
    // Test card behaviour of the built-in gateway (ADR 013): the first refund attempt fails.
    await addTwoCardOrder(tx, SCENARIO_ORDERS.retryRefund, 'refund_fails_once');
  });
}

/**
 * A captured order of at least two paid units, not downstream and not refunded, paid on two cards
 * (60 % and 40 % of what the cards paid; any product credit stays as it was). `owner` puts it on
 * another account (the customer fields of the order). Answers whether a source order was found.
 */
export async function addTwoCardOrder(
  tx: DbOrTx,
  id: string,
  secondCardSimulates: string | null,
  owner: Partial<OrderRow> = {},
): Promise<boolean> {
  const source = await firstOrder(
    tx,
    sql`${orders.collection} = 'invoices' and ${orders.state} = 3 and ${orders.cancellation} is null
        and not ${orders.isMembership} and not ${orders.isRenewal} and ${orders.grandTotalCents} > 3000
        and ${orders.countryId} = 1
        and (select coalesce(sum(quantity), 0) from order_lines l where l.order_id = ${orders.id} and l.adjusted_price_cents > 0) >= 2
        and exists (select 1 from order_payments p where p.order_id = ${orders.id} and p.method = 'card')`,
  );
  if (!source) return false;
  const { id: _id, orderId: _orderId, updatedAt: _u, ...rest } = source;
  await tx.insert(orders).values({
    ...rest,
    id,
    orderId: await freeOrderNumber(tx),
    phoenixOrderId: null,
    customerPhoenixId: null,
    printed: false,
    paymentState: 'captured',
    socialId: null,
    isFraud: false,
    ...owner,
  });
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, source.id));
  await tx.insert(orderLines).values(lines.map(({ id: _l, ...l }) => ({ ...l, orderId: id })));
  const paid = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, source.id));
  const credit = paid.filter((p) => p.method === 'productCredit');
  const cardCents = paid.filter((p) => p.method !== 'productCredit').reduce((s, p) => s + p.amountCents, 0);
  const first = Math.round(cardCents * 0.6);
  const base = { orderId: id, currency: source.currency, refundedCents: 0, state: 'captured' };
  await insertPayments(
    tx,
    [
      {
        ...base,
        method: 'card',
        brand: 'Visa',
        accountNumber: '4242',
        tenderId: `${id}-t1`,
        transactionId: `${id}-tx1`,
        amountCents: first,
      },
      {
        ...base,
        method: 'card',
        brand: 'Mastercard',
        accountNumber: '4444',
        tenderId: `${id}-t2`,
        transactionId: `${id}-tx2`,
        amountCents: cardCents - first,
      },
      ...credit.map(({ id: _p, ...p }, i) => ({ ...p, ...base, transactionId: `${id}-pc${i + 1}` })),
    ],
    source.dateCreatedUtc,
    (p) => (p.transactionId === `${id}-tx2` ? secondCardSimulates : null),
  );
  return true;
}
