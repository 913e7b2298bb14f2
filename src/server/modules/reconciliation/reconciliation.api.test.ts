import { DISCREPANCY_KINDS, type DiscrepancyKind } from '@domain/reconciliation/reconciliation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../../scripts/demo/index';
import { jobs, reconciliationRuns } from '../../db/schema';
import { rows } from '../../platform/db';
import { processJobs } from '../../platform/jobs';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { downstreamPass } from '../downstream/downstream.worker';
import { reconciliationNightlyWorker } from './reconciliation.service';

// Money reconciliation (ADR 025) through its API: the demo company is clean; one planted
// discrepancy of each kind is found, seen again, then resolved once fixed; one run at a time.

const runJobs = async (t: TestApp) => {
  while ((await processJobs(t.database.db, t.app.jobHandlers, t.app.log)) > 0) {}
};
const startRun = (t: TestApp, who: SignedIn) =>
  t.app.inject({ method: 'POST', url: '/api/reconciliation/run', headers: who.headers });
const page = (t: TestApp, who: SignedIn, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/reconciliation${query}`, headers: who.headers });

/** Starts a run, lets the job worker carry it out, and answers the screen's data. */
async function reconcile(t: TestApp, who: SignedIn) {
  const started = await startRun(t, who);
  expect(started.statusCode).toBe(202);
  await runJobs(t);
  const res = await page(t, who, '?limit=200');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('reconciliation on the demo company', () => {
  let t: TestApp;
  let leader: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    leader = await t.signIn('leader');
    await seedDemo(t.database.db, {
      accounts: 120,
      includeStaff: false,
      demoPassword: 'unused-password',
      keyring: t.app.ctx.keyring,
    });
    // As the running app does: the export sweep queues captured orders and the worker exports them.
    while ((await downstreamPass(t.database.db, t.app.log, { sweep: true })) > 0) {}
  }, 120_000);
  afterAll(() => t.close());

  it('finds no discrepancy of any kind', async () => {
    const data = await reconcile(t, leader);
    expect(data.activeRun).toBeNull();
    expect(data.latestRun).toMatchObject({ status: 'succeeded', trigger: 'manual', error: null });
    expect(Object.keys(data.latestRun.counts).sort()).toEqual([...DISCREPANCY_KINDS].sort());
    for (const kind of DISCREPANCY_KINDS)
      expect(data.latestRun.counts[kind], kind).toMatchObject({ found: 0, new: 0, resolved: 0 });
    expect(data.discrepancies).toEqual([]);
    expect(data.openByKind).toEqual({});
  });
});

describe('reconciliation: planted discrepancies', () => {
  let t: TestApp;
  let developer: SignedIn;
  let leader: SignedIn;
  let agent: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    developer = await t.signIn('developer');
    leader = await t.signIn('leader');
    agent = await t.signIn('agent');
  });
  afterAll(() => t.close());

  const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
  const HOUR_AGO = sql`now() - interval '1 hour'`;
  let n = 0;

  /** A captured, exported order paid by one card, gateway and ledger in agreement. */
  async function paidOrder(uid: string, cents = 5000) {
    const o = await insertOrder(t.database.db, uid, {
      grandTotalCents: cents,
      paymentState: 'captured',
      phoenixOrderId: 300_000_000 + ++n,
      dateCapturedUtc: new Date(Date.now() - 3 * 3_600_000),
    });
    const txn = `txn_recon_${n}`;
    await exec(sql`insert into payment_transactions (id, order_id, kind, amount_cents, currency, idempotency_key, status, created_at)
                   values (${txn}, ${o.id}, 'charge', ${cents}, 'USD', ${`key-${txn}`}, 'succeeded', ${HOUR_AGO})`);
    const [p] = await rows<{ id: number }>(
      t.database.db,
      sql`insert into order_payments (order_id, method, brand, account_number, transaction_id, amount_cents, currency, state)
          values (${o.id}, 'card', 'Visa', '4242', ${txn}, ${cents}, 'USD', 'captured') returning id`,
    );
    return { order: o, txn, paymentId: String(p!.id) };
  }
  const refundChild = (parent: string, orderId: string | null, cents: number, id = `${parent}_r`) =>
    exec(sql`insert into payment_transactions (id, order_id, kind, amount_cents, currency, idempotency_key, parent_transaction_id, status)
             values (${id}, ${orderId}, 'refund', ${cents}, 'USD', ${`key-${id}`}, ${parent}, 'succeeded')`);

  it('is for leaders and developers only, and refuses bad input with a message', async () => {
    expect((await page(t, agent)).statusCode).toBe(403);
    expect((await startRun(t, agent)).statusCode).toBe(403);
    expect((await page(t, leader)).statusCode).toBe(200);
    const bad = await page(t, leader, '?kind=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: expect.stringContaining('Not a kind of discrepancy'),
    });
    expect((await page(t, leader, '?page=0')).statusCode).toBe(400);
    expect((await page(t, leader)).json().data).toMatchObject({
      latestRun: null,
      activeRun: null,
      discrepancies: [],
    });
  });

  it('finds one of each kind, sees them again, and resolves each once fixed', async () => {
    const customer = await insertAccount(t.database.db, { firstName: 'Rita', lastName: 'Ledger' });
    const uid = customer.uid;

    // capturedTotal: the card captured 50.00 of a 54.00 order.
    const short = await paidOrder(uid, 5000);
    await exec(sql`update orders set grand_total_cents = 5400 where id = ${short.order.id}`);
    // overRefund: a card refunded 60.00 of 50.00 (gateway agreeing), and refund records of 60.00 on a 50.00 order.
    const overCard = await paidOrder(uid);
    await exec(sql`update order_payments set refunded_cents = 6000 where id = ${overCard.paymentId}`);
    await refundChild(overCard.txn, overCard.order.id, 6000);
    const overOrder = await paidOrder(uid);
    await exec(sql`insert into refunds (id, order_id, reason, amount_cents, pc_amount_cents, currency, admin_uid, status, idempotency_key, cards)
                   values ('RefundOverOrder00001', ${overOrder.order.id}, 'Damaged', 0, 6000, 'USD', 'staff', 'processed', 'k-over-order', '[]')`);
    // overRefund by its legs: a refund whose card leg took 60.00 from a 50.00 payment (order over too).
    const overLegs = await paidOrder(uid);
    const leg = (cents: number) =>
      JSON.stringify([
        {
          transactionId: overLegs.txn,
          refundAmount: cents,
          accountNumber: '4242',
          tenderId: null,
          idempotencyKey: 'k-over-legs:leg',
          status: 'succeeded',
        },
      ]);
    await exec(sql`insert into refunds (id, order_id, reason, amount_cents, currency, admin_uid, status, idempotency_key, cards)
                   values ('RefundOverLegs000001', ${overLegs.order.id}, 'Damaged', 6000, 'USD', 'staff', 'processed', 'k-over-legs', ${leg(6000)}::jsonb)`);
    // gatewayLedger: the gateway captured 45.00 where the payment says 50.00; and a charge no order holds.
    const gatewayShort = await paidOrder(uid);
    await exec(sql`update payment_transactions set amount_cents = 4500 where id = ${gatewayShort.txn}`);
    await exec(sql`insert into payment_transactions (id, kind, amount_cents, currency, idempotency_key, status, created_at)
                   values ('txn_recon_orphan', 'charge', 1999, 'USD', 'key-orphan', 'succeeded', ${HOUR_AGO})`);
    // notExported: captured two hours ago, not in Phoenix, not on Failed orders.
    const lost = await paidOrder(uid);
    await exec(
      sql`update orders set phoenix_order_id = null, date_captured_utc = now() - interval '2 hours' where id = ${lost.order.id}`,
    );
    // creditLedger: a balance of 50.00 over a ledger of 60.00 (what is left on the grant is 50.00).
    await exec(
      sql`insert into product_credit (account_uid, country, balance_cents) values (${uid}, 'us', 5000)`,
    );
    await exec(sql`insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents, does_not_expire)
                   values (${uid}, 'us', 6000, 5000, true)`);
    // creditRemaining: a balance of 30.00 that is its ledger, but 20.00 is left on its grant.
    await exec(
      sql`insert into product_credit (account_uid, country, balance_cents) values (${uid}, 'ca', 3000)`,
    );
    await exec(sql`insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents, does_not_expire)
                   values (${uid}, 'ca', 3000, 2000, true)`);
    // staleRefund: pending for an hour, nobody holding its lease.
    const stale = await paidOrder(uid);
    await exec(sql`insert into refunds (id, order_id, reason, amount_cents, currency, admin_uid, status, idempotency_key, timestamp, cards)
                   values ('RefundStalePending01', ${stale.order.id}, 'Damaged', 1000, 'USD', 'staff', 'pending', 'k-stale', ${HOUR_AGO},
                           ${JSON.stringify([{ transactionId: stale.txn, refundAmount: 1000, accountNumber: '4242', tenderId: null, idempotencyKey: 'k-stale:leg' }])}::jsonb)`);

    const planted: Record<
      DiscrepancyKind,
      { recordType: string; recordId: string; expected: number | null; actual: number | null }[]
    > = {
      capturedTotal: [{ recordType: 'order', recordId: short.order.id, expected: 5400, actual: 5000 }],
      overRefund: [
        { recordType: 'payment', recordId: overCard.paymentId, expected: 5000, actual: 6000 },
        { recordType: 'order', recordId: overOrder.order.id, expected: 5000, actual: 6000 },
        { recordType: 'payment', recordId: overLegs.paymentId, expected: 5000, actual: 6000 },
        { recordType: 'order', recordId: overLegs.order.id, expected: 5000, actual: 6000 },
      ],
      gatewayLedger: [
        { recordType: 'payment', recordId: gatewayShort.paymentId, expected: 5000, actual: 4500 },
        { recordType: 'gatewayTransaction', recordId: 'txn_recon_orphan', expected: 0, actual: 1999 },
      ],
      notExported: [{ recordType: 'order', recordId: lost.order.id, expected: null, actual: 5000 }],
      creditLedger: [{ recordType: 'productCredit', recordId: `${uid}:us`, expected: 6000, actual: 5000 }],
      creditRemaining: [{ recordType: 'productCredit', recordId: `${uid}:ca`, expected: 2000, actual: 3000 }],
      staleRefund: [{ recordType: 'refund', recordId: 'RefundStalePending01', expected: null, actual: 1000 }],
    };

    const first = await reconcile(t, developer);
    for (const kind of DISCREPANCY_KINDS) {
      const found = first.discrepancies
        .filter((d: { kind: string }) => d.kind === kind)
        .map(
          (d: {
            recordType: string;
            recordId: string;
            expectedCents: number | null;
            actualCents: number | null;
          }) => ({
            recordType: d.recordType,
            recordId: d.recordId,
            expected: d.expectedCents,
            actual: d.actualCents,
          }),
        );
      expect(found, kind).toEqual(expect.arrayContaining(planted[kind]));
      expect(found, kind).toHaveLength(planted[kind].length);
      expect(first.latestRun.counts[kind], kind).toMatchObject({
        found: planted[kind].length,
        new: planted[kind].length,
      });
      expect(first.openByKind[kind]).toBe(planted[kind].length);
    }
    const notExported = first.discrepancies.find((d: { kind: string }) => d.kind === 'notExported');
    expect(notExported).toMatchObject({
      orderDocId: lost.order.id,
      orderLabel: `F${lost.order.orderId}`,
      customerUid: uid,
      customerName: 'Rita Ledger',
      currency: 'USD',
      details: 'Captured, but never queued for Phoenix.',
    });
    const credit = first.discrepancies.find((d: { kind: string }) => d.kind === 'creditRemaining');
    expect(credit).toMatchObject({ orderDocId: null, customerUid: uid, country: 'ca', currency: 'CAD' });

    // Filtered to one kind; paged.
    const onlyStale = (await page(t, leader, '?kind=staleRefund')).json();
    expect(onlyStale.data.discrepancies.map((d: { recordId: string }) => d.recordId)).toEqual([
      'RefundStalePending01',
    ]);
    const firstPage = (await page(t, leader, '?limit=3')).json();
    expect(firstPage).toMatchObject({ page: 1, limit: 3, hasMore: true });
    expect(firstPage.data.discrepancies).toHaveLength(3);

    // Seen again: still open, first seen kept, nothing new.
    const again = await reconcile(t, developer);
    for (const kind of DISCREPANCY_KINDS)
      expect(again.latestRun.counts[kind], kind).toMatchObject({
        found: planted[kind].length,
        new: 0,
        resolved: 0,
      });
    const before = first.discrepancies.find((d: { kind: string }) => d.kind === 'capturedTotal');
    const after = again.discrepancies.find((d: { kind: string }) => d.kind === 'capturedTotal');
    expect(after.id).toBe(before.id);
    expect(after.firstSeenAt).toBe(before.firstSeenAt);

    // Fixed, one by one, as staff or a repair would.
    await exec(sql`update order_payments set amount_cents = 5400 where id = ${short.paymentId}`);
    await exec(sql`update payment_transactions set amount_cents = 5400 where id = ${short.txn}`);
    await exec(sql`update order_payments set refunded_cents = 5000 where id = ${overCard.paymentId}`);
    await exec(sql`update payment_transactions set amount_cents = 5000 where id = ${`${overCard.txn}_r`}`);
    await exec(sql`update order_payments set refunded_cents = 5000 where id = ${overOrder.paymentId}`);
    await refundChild(overOrder.txn, overOrder.order.id, 5000);
    await exec(sql`update refunds set amount_cents = 5000, pc_amount_cents = 0,
                     cards = ${JSON.stringify([{ transactionId: overOrder.txn, refundAmount: 5000, accountNumber: '4242', tenderId: null, idempotencyKey: 'k-over-order:leg', status: 'succeeded' }])}::jsonb
                   where id = 'RefundOverOrder00001'`);
    await exec(
      sql`update refunds set amount_cents = 5000, cards = ${leg(5000)}::jsonb where id = 'RefundOverLegs000001'`,
    );
    await exec(sql`update order_payments set refunded_cents = 5000 where id = ${overLegs.paymentId}`);
    await refundChild(overLegs.txn, overLegs.order.id, 5000);
    await exec(sql`update payment_transactions set amount_cents = 5000 where id = ${gatewayShort.txn}`);
    await refundChild('txn_recon_orphan', null, 1999);
    await exec(sql`insert into failed_orders (order_id, date_created_utc, error_code, error_message)
                   values (${lost.order.id}, now(), 'ADDRESS_INVALID', 'The address was refused.')`);
    await exec(sql`insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents)
                   values (${uid}, 'us', -1000, 0)`);
    await exec(
      sql`update product_credit_ledger set remaining_value_cents = 3000 where account_uid = ${uid} and country = 'ca'`,
    );
    await exec(sql`update refunds set status = 'processed' where id = 'RefundStalePending01'`);
    await exec(sql`update order_payments set refunded_cents = 1000 where id = ${stale.paymentId}`);
    await refundChild(stale.txn, stale.order.id, 1000);

    const fixed = await reconcile(t, developer);
    for (const kind of DISCREPANCY_KINDS)
      expect(fixed.latestRun.counts[kind], kind).toMatchObject({
        found: 0,
        new: 0,
        resolved: planted[kind].length,
      });
    expect(fixed.discrepancies).toEqual([]);
    expect(fixed.openByKind).toEqual({});
    const resolved = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reconciliation_discrepancies where resolved_at is not null and resolved_run_id = ${fixed.latestRun.id}`,
    );
    expect(resolved[0]!.n).toBe(Object.values(planted).flat().length);

    // Broken again later: a new discrepancy, not the resolved one reopened.
    await exec(sql`update orders set grand_total_cents = 5500 where id = ${short.order.id}`);
    const broken = await reconcile(t, developer);
    const reopened = broken.discrepancies.find((d: { kind: string }) => d.kind === 'capturedTotal');
    expect(reopened.id).not.toBe(before.id);
    expect(broken.latestRun.counts.capturedTotal).toMatchObject({ found: 1, new: 1 });
    await exec(sql`update orders set grand_total_cents = 5400 where id = ${short.order.id}`);
    await reconcile(t, developer);
  });

  it('starts one run at a time: asking again answers the run under way, with its audit event', async () => {
    const first = await startRun(t, leader);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ success: true, started: true, message: 'Reconciliation started.' });
    const second = await startRun(t, developer);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ started: false, message: 'A reconciliation is already running.' });
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await page(t, leader)).json().data.activeRun).toMatchObject({
      id: first.json().data.id,
      status: 'queued',
    });
    const events = await rows(
      t.database.db,
      sql`select action, changed_by from change_events where collection = 'reconciliation-log' and entity_id = ${String(first.json().data.id)}`,
    );
    expect(events).toEqual([{ action: 'reconciliation.start', changed_by: leader.email }]);
    await runJobs(t);
    expect((await page(t, leader)).json().data).toMatchObject({
      activeRun: null,
      latestRun: { id: first.json().data.id, status: 'succeeded', requestedBy: expect.any(String) },
    });
  });

  it('two processes asking at once queue one run, and one of them runs it', async () => {
    const other = await t.anotherApp();
    const answers = await Promise.all([
      startRun(t, developer),
      other.inject({ method: 'POST', url: '/api/reconciliation/run', headers: leader.headers }),
    ]);
    expect(answers.map((a) => a.json().started).sort()).toEqual([false, true]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    const ran = await Promise.all([
      processJobs(t.database.db, t.app.jobHandlers, t.app.log),
      processJobs(other.ctx.db, other.jobHandlers, other.log),
    ]);
    expect(ran.reduce((s, x) => s + x, 0)).toBe(1);
    const runId = answers[0]!.json().data.id;
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(sql`payload->>'runId' = ${String(runId)}`);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a run whose job ended without finishing it no longer blocks the next', async () => {
    const stuck = (await startRun(t, leader)).json().data;
    await exec(
      sql`update jobs set status = 'failed', finished_at = now() where payload->>'runId' = ${String(stuck.id)}`,
    );
    const next = await startRun(t, leader);
    expect(next.statusCode).toBe(202);
    expect(next.json().data.id).not.toBe(stuck.id);
    const [old] = await t.database.db.select().from(reconciliationRuns).where(sql`id = ${stuck.id}`);
    expect(old).toMatchObject({ status: 'failed', error: 'The run’s job ended before the run finished.' });
    await runJobs(t);
  });

  it('queues one nightly run per Pacific day, in the nightly hour only, whatever the number of processes', async () => {
    const at = (iso: string) => () => new Date(iso).getTime();
    const nightly = () => t.database.db.select().from(reconciliationRuns).where(sql`trigger = 'nightly'`);
    const config = t.app.ctx.config;
    // 1:30 Pacific (PST, UTC−8): not yet.
    await reconciliationNightlyWorker({ config }, at('2030-01-15T09:30:00Z')).tick({
      db: t.database.db,
      log: t.app.log,
    });
    expect(await nightly()).toHaveLength(0);
    // 2:10 Pacific, two processes: one run for 2030-01-15.
    const a = reconciliationNightlyWorker({ config }, at('2030-01-15T10:10:00Z'));
    const b = reconciliationNightlyWorker({ config }, at('2030-01-15T10:11:00Z'));
    await Promise.all([
      a.tick({ db: t.database.db, log: t.app.log }),
      b.tick({ db: t.database.db, log: t.app.log }),
    ]);
    await runJobs(t);
    await b.tick({ db: t.database.db, log: t.app.log });
    expect((await nightly()).map((r) => [r.nightlyFor, r.status])).toEqual([['2030-01-15', 'succeeded']]);
    // 3:05 Pacific: past the hour, nothing more.
    await reconciliationNightlyWorker({ config }, at('2030-01-15T11:05:00Z')).tick({
      db: t.database.db,
      log: t.app.log,
    });
    expect(await nightly()).toHaveLength(1);
  });
});
