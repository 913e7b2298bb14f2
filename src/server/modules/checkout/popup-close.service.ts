import { ORDER_STATE } from '@domain/reference';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { captureRetries, orders, socials } from '../../db/schema';
import { type Actor, recordChange } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { type Db, rows, type Tx } from '../../platform/db';
import type { WorkerSpec } from '../../platform/workers';
import { enqueueExport } from '../downstream/downstream.export';
import { recalculatePopupTotals } from '../orders/orders.service';
import { captureOrder } from './capture.service';

// The popup close (spec 2 §3–§4, ADR 015). A worker every process runs closes each open popup whose
// closing date has passed: in one transaction the popup is closed and each of its ship-to-social
// orders that is not cancelled moves to `invoices` (audited `order.popupClosed`), and the popup's
// totals are recalculated. After the commit each moved order's card authorization is captured with
// the checkout's capture (which queues the downstream export; a failure goes to capture retries).
// The capture is recorded in `capture_retries` in the close's transaction, due only after a lease,
// so an authorization whose process died before capturing is captured by the capture worker.
// Popups are claimed with FOR UPDATE SKIP LOCKED and their orders likewise: a popup is closed, and
// an order moved, exactly once however many workers run. An order skipped because it was locked
// (or placed, or reassigned, into a popup already closed) is moved by a later pass, which also
// moves the ship-to-social orders of closed popups.

export const POPUP_CLOSE_ACTOR: Actor = {
  id: 'system',
  email: 'system',
  name: 'Popup close',
  authType: 'system',
};
const BATCH = 10;
/** A close's capture is the capture worker's to retry only after this long (the close makes it first). */
const CAPTURE_LEASE_SECONDS = 120;

type Deps = Pick<AppContext, 'db' | 'gateway' | 'log'>;

interface MovedOrder {
  id: string;
  state: number;
  payment_state: string;
  grand_total_cents: number;
  social_id: number;
  /**
   * The order's one authorized card payment, when it has exactly one; with a checkout's split, one
   * of its cards (the capture captures each).
   */
  transaction_id: string | null;
  /** Payments other than product credit (card, alternative tenders). */
  tenders: number;
}

/** How the payment of a moved order is settled. */
type Settlement = 'capture' | 'paid' | 'left';

/** Test hook: the process dying right after the close's commit, before any capture. */
export const closeFaults = { crashAfterCommit: false };

export const popupCaptureKey = (orderDocId: string) => `popup-close:${orderDocId}:capture`;

const orderColumns = sql`o.id, o.state, o.payment_state, o.grand_total_cents, o.social_id,
  (select case when count(*) = 1 then max(p.transaction_id)
                -- A checkout's split (ADR 030): every card authorized through the gateway.
                when count(*) = count(t.id) then min(p.transaction_id) end
     from order_payments p left join payment_transactions t on t.id = p.transaction_id and t.kind = 'authorize'
     where p.order_id = o.id and p.method = 'card' and p.state = 'authorized' and p.transaction_id is not null) as transaction_id,
  (select count(*)::int from order_payments p where p.order_id = o.id and p.method <> 'productCredit') as tenders`;

const waiting = sql`o.collection = 'ship-to-socials' and o.state not in (${ORDER_STATE.cancelled}, ${ORDER_STATE.cancelledPaid})
  and o.cancellation is null`;

/**
 * Moves one ship-to-social order to `invoices`: its card authorization is captured after the
 * commit; one paid by product credit alone is captured at once (as the purchase does); one without
 * a single card authorization to capture (a demo or imported order) keeps its payment as it is.
 */
async function moveOrder(tx: Tx, o: MovedOrder, reason: 'closed' | 'alreadyClosed'): Promise<Settlement> {
  const settlement: Settlement =
    o.payment_state === 'authorized' && o.transaction_id
      ? 'capture'
      : o.payment_state === 'authorized' && o.grand_total_cents === 0 && o.tenders === 0
        ? 'paid'
        : 'left';
  const paid = settlement === 'paid';
  const state = paid && o.state === ORDER_STATE.processing ? ORDER_STATE.captured : o.state;
  await tx
    .update(orders)
    .set({
      collection: 'invoices',
      state,
      updatedAt: sql`now()`,
      ...(paid
        ? { paymentState: 'captured', dateCapturedUtc: sql`coalesce(${orders.dateCapturedUtc}, now())` }
        : {}),
    })
    .where(eq(orders.id, o.id));
  if (settlement === 'capture')
    await tx
      .insert(captureRetries)
      .values({
        orderId: o.id,
        transactionId: o.transaction_id!,
        idempotencyKey: popupCaptureKey(o.id),
        attempts: 0,
        nextAttemptAt: sql`now() + make_interval(secs => ${CAPTURE_LEASE_SECONDS})`,
      })
      .onConflictDoNothing({ target: captureRetries.orderId });
  await recordChange(tx, {
    collection: 'orders-log',
    entityId: o.id,
    action: 'order.popupClosed',
    actor: POPUP_CLOSE_ACTOR,
    before: { collection: 'ship-to-socials', state: o.state, paymentState: o.payment_state },
    after: {
      collection: 'invoices',
      state,
      paymentState: paid ? 'captured' : o.payment_state,
      socialId: o.social_id,
      payment:
        settlement === 'capture'
          ? 'capture'
          : paid
            ? 'paid by product credit'
            : 'left as is: no single card authorization to capture',
      ...(reason === 'alreadyClosed' ? { popup: 'already closed' } : {}),
    },
  });
  if (paid) await enqueueExport(tx, o.id, POPUP_CLOSE_ACTOR);
  return settlement;
}

interface PassResult {
  popups: number;
  moved: number;
  captures: { id: string; transactionId: string }[];
}

async function closeInTx(tx: Tx, now: Date, limit: number): Promise<PassResult> {
  const out: PassResult = { popups: 0, moved: 0, captures: [] };
  const move = async (o: MovedOrder, reason: 'closed' | 'alreadyClosed') => {
    if ((await moveOrder(tx, o, reason)) === 'capture')
      out.captures.push({ id: o.id, transactionId: o.transaction_id! });
    out.moved++;
  };
  const due = await tx
    .select({ id: socials.id, total_cents: socials.totalCents, order_count: socials.orderCount })
    .from(socials)
    .where(and(eq(socials.status, 'open'), lte(socials.closingDate, now)))
    .orderBy(socials.closingDate, socials.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const s of due) {
    await tx.update(socials).set({ status: 'closed' }).where(eq(socials.id, s.id));
    // Orders locked elsewhere (a staff change in flight) are skipped here and moved by a later pass.
    // Raw SQL: orderColumns and waiting read the alias o; a builder select takes no column-list fragment.
    const waitingOrders = await rows<MovedOrder>(
      tx,
      sql`select ${orderColumns} from orders o where o.social_id = ${s.id} and ${waiting}
          order by o.date_created_utc, o.id for update of o skip locked`,
    );
    for (const o of waitingOrders) await move(o, 'closed');
    const totals = await recalculatePopupTotals(tx, s.id);
    await recordChange(tx, {
      collection: 'socials-log',
      entityId: String(s.id),
      action: 'social.close',
      actor: POPUP_CLOSE_ACTOR,
      before: { status: 'open', totalCents: s.total_cents, orderCount: s.order_count },
      after: {
        status: 'closed',
        totalCents: totals?.totalCents ?? 0,
        orderCount: totals?.orderCount ?? 0,
        movedToInvoices: waitingOrders.map((o) => o.id),
      },
    });
    out.popups++;
  }
  // Ship-to-social orders of popups already closed: skipped above, placed while the popup closed,
  // or reassigned to a closed popup. Read through the waiting orders' own index, in no particular
  // order: ordered by date, the planner walks every order's date instead (seconds at millions).
  // Raw SQL: orderColumns and waiting read the alias o; a builder select takes no column-list fragment.
  const stray = await rows<MovedOrder>(
    tx,
    sql`select ${orderColumns} from orders o
        where ${waiting} and o.social_id in (select id from socials where status = 'closed')
        limit ${limit * 10}
        for update of o skip locked`,
  );
  for (const o of stray) await move(o, 'alreadyClosed');
  for (const sid of new Set(stray.map((o) => o.social_id))) await recalculatePopupTotals(tx, sid);
  return out;
}

/**
 * One pass: closes every open popup whose closing date is at or before `now` (at most `limit`),
 * moving its ship-to-social orders to `invoices`, then captures the moved orders' authorizations.
 * Answers how many popups were closed and orders moved.
 */
export async function closeDuePopups(deps: Deps, now: Date = new Date(), limit = BATCH) {
  const result = await deps.db.transaction((tx) => closeInTx(tx, now, limit));
  if (result.popups > 0 || result.moved > 0)
    deps.log.info({ popups: result.popups, orders: result.moved }, 'popups closed');
  if (closeFaults.crashAfterCommit) throw new Error('simulated crash after the popup close committed');
  // After the commit, as the purchase does; a failure is kept for the capture worker.
  for (const c of result.captures)
    await captureOrder(deps, POPUP_CLOSE_ACTOR, c.id, c.transactionId, popupCaptureKey(c.id));
  return { popups: result.popups, orders: result.moved };
}

/** The popup-close worker every process runs (WORKERS=off turns it off with the others). */
export function popupCloseWorker(
  ctx: Pick<AppContext, 'gateway'>,
  clock: () => Date = () => new Date(),
): WorkerSpec {
  return {
    name: 'popup-close',
    intervalMs: 30_000,
    tick: async ({ db, log }: { db: Db; log: FastifyBaseLogger }) => {
      const r = await closeDuePopups({ db, log, gateway: ctx.gateway }, clock());
      return r.popups + r.orders;
    },
  };
}
