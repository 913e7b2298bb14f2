// Data for the reconciliation benchmark: the order search benchmark's cached company (bench/
// orders-data.ts: the demo generator for 300 accounts, then bulk customers and millions of bulk
// orders), copied to a database of its own and given the money those bulk orders lack: a card
// payment and its gateway charge per captured order, refunds on some, product credit on a quarter
// of the bulk customers, and the unexported ones on Failed orders, so the data is clean. Then a
// fixed number of discrepancies of each kind is planted. Built once and cached like the company.
import { openDatabase } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { sizeLabel } from './cached-company';
import { log } from './harness';
import { type DataSpec, preparePostgres } from './orders-data';

/** Bump when the added money or the planting changes: cached databases with another version are rebuilt. */
const DATA_VERSION = 'reconciliation-bench v2';

export interface ReconciliationDataSpec extends DataSpec {
  /** Discrepancies planted per kind. */
  plant: number;
}

const steps = (plant: number): [string, ReturnType<typeof sql>][] => [
  [
    'gateway charges of captured bulk orders',
    sql`insert into payment_transactions (id, order_id, kind, amount_cents, currency, idempotency_key, status, created_at)
        select 'txn_' || o.id, o.id, 'charge', o.grand_total_cents, o.currency, 'bench-' || o.id, 'succeeded', o.date_created_utc
        from orders o where o.id like 'BO%' and o.payment_state = 'captured'`,
  ],
  [
    'card payments of captured bulk orders',
    sql`insert into order_payments (order_id, method, brand, account_number, tender_id, transaction_id, amount_cents, currency, state, created_at)
        select o.id, 'card', 'Visa', '4242', null, 'txn_' || o.id, o.grand_total_cents, o.currency, 'captured', o.date_created_utc
        from orders o where o.id like 'BO%' and o.payment_state = 'captured'`,
  ],
  [
    'refunds of one bulk order in 30 (half the total, on its card)',
    sql`with picked as (
          select o.id, o.currency, o.date_created_utc, o.grand_total_cents / 2 as cents from orders o
          where o.id like 'BO%' and o.payment_state = 'captured' and o.order_id % 30 = 7
        ), gateway as (
          insert into payment_transactions (id, order_id, kind, amount_cents, currency, idempotency_key, parent_transaction_id, status, created_at)
          select 'txr_' || id, id, 'refund', cents, currency, 'bench-r-' || id, 'txn_' || id, 'succeeded', date_created_utc + interval '3 days'
          from picked
        ), ledger as (
          update order_payments p set refunded_cents = k.cents from picked k where p.order_id = k.id
        )
        insert into refunds (id, order_id, reason, timestamp, amount_cents, currency, admin_uid, status, idempotency_key, cards)
        select 'RF' || substr(id, 3), id, 'Damaged', date_created_utc + interval '3 days', cents, currency, 'bench', 'processed',
               'bench-rf-' || id,
               jsonb_build_array(jsonb_build_object('transactionId', 'txn_' || id, 'refundAmount', cents, 'accountNumber', '4242',
                                                    'tenderId', null, 'idempotencyKey', 'bench-r-' || id, 'status', 'succeeded'))
        from picked`,
  ],
  [
    'unexported bulk orders on Failed orders',
    sql`insert into failed_orders (order_id, date_created_utc, error_code, error_message, context)
        select o.id, o.date_captured_utc, 'ADDRESS_INVALID', 'The shipping address was refused.', '{}'::jsonb
        from orders o
        where o.id like 'BO%' and o.collection = 'invoices' and o.phoenix_order_id is null
          and o.date_captured_utc is not null and o.cancellation is null and o.state not in (7, 14)`,
  ],
  [
    'product credit of one bulk customer in 4 (a grant, part spent)',
    sql`with picked as (
          select a.uid, case when a.country_id = 2 then 'ca' else 'us' end as country,
                 1000 + (a.phoenix_id % 50) * 100 as granted, (a.phoenix_id % 7) * 100 as spent
          from accounts a
          where a.uid like 'BK%' and a.phoenix_id % 4 = 1
            and not exists (select 1 from product_credit b where b.account_uid = a.uid)
        ), grants as (
          insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents, does_not_expire, reason, created_by)
          select uid, country, granted, granted - spent, true, 'Goodwill', 'bench' from picked
        ), debits as (
          insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents, reason, created_by)
          select uid, country, -spent, 0, 'Applied to order', 'system' from picked where spent > 0
        )
        insert into product_credit (account_uid, country, balance_cents) select uid, country, granted - spent from picked`,
  ],
  [
    `plant ${plant} × capturedTotal (payment and charge 1.00 short of the grand total)`,
    sql`with picked as (
          select id from orders where id like 'BO%' and payment_state = 'captured' and order_id % 7 = 1
          order by order_id limit ${plant}
        ), gateway as (
          update payment_transactions t set amount_cents = t.amount_cents - 100 from picked k where t.id = 'txn_' || k.id
        )
        update order_payments p set amount_cents = p.amount_cents - 100 from picked k where p.order_id = k.id`,
  ],
  [
    `plant ${plant} × overRefund (a card refunded 1.00 more than it took, the gateway agreeing)`,
    sql`with picked as (
          select id, currency, grand_total_cents + 100 as cents from orders
          where id like 'BO%' and payment_state = 'captured' and order_id % 7 = 2 and order_id % 30 <> 7
          order by order_id limit ${plant}
        ), gateway as (
          insert into payment_transactions (id, order_id, kind, amount_cents, currency, idempotency_key, parent_transaction_id, status)
          select 'txr_' || id, id, 'refund', cents, currency, 'bench-r-' || id, 'txn_' || id, 'succeeded' from picked
        )
        update order_payments p set refunded_cents = k.cents from picked k where p.order_id = k.id`,
  ],
  [
    `plant ${plant} × gatewayLedger (the gateway charged 0.50 less than the payment says)`,
    sql`with picked as (
          select id from orders where id like 'BO%' and payment_state = 'captured' and order_id % 7 = 3
          order by order_id limit ${plant}
        )
        update payment_transactions t set amount_cents = t.amount_cents - 50 from picked k where t.id = 'txn_' || k.id`,
  ],
  [
    `plant ${plant} × notExported (taken off Failed orders)`,
    sql`delete from failed_orders where id in (
          select f.id from failed_orders f where f.order_id like 'BO%' order by f.id limit ${plant})`,
  ],
  [
    `plant ${plant} × creditLedger (a ledger entry the balance never took)`,
    sql`insert into product_credit_ledger (account_uid, country, amount_cents, remaining_value_cents, does_not_expire, reason, created_by)
        select account_uid, country, 100, 0, true, 'Correction', 'bench'
        from product_credit where account_uid like 'BK%' and balance_cents >= 1000 order by account_uid limit ${plant}`,
  ],
  [
    `plant ${plant} × creditRemaining (1.00 less left on a grant than the balance holds)`,
    sql`update product_credit_ledger set remaining_value_cents = remaining_value_cents - 100
        where id in (
          select l.id from product_credit_ledger l
          where l.account_uid like 'BK%' and l.amount_cents > 0 and l.remaining_value_cents >= 100 and l.created_by = 'bench'
            and l.reason = 'Goodwill'
          order by l.account_uid desc limit ${plant})`,
  ],
  [
    `plant ${plant} × staleRefund (pending for an hour)`,
    sql`insert into refunds (id, order_id, reason, timestamp, amount_cents, currency, admin_uid, status, idempotency_key, cards)
        select 'RP' || substr(id, 3), id, 'Damaged', now() - interval '1 hour', 100, currency, 'bench', 'pending', 'bench-rp-' || id,
               jsonb_build_array(jsonb_build_object('transactionId', 'txn_' || id, 'refundAmount', 100, 'accountNumber', '4242',
                                                    'tenderId', null, 'idempotencyKey', 'bench-rp-' || id))
        from orders where id like 'BO%' and payment_state = 'captured' and order_id % 7 = 4 and order_id % 30 <> 7
        order by order_id limit ${plant}`,
  ],
];

async function admin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL database bo_bench_recon_<size>: a copy of the cached order company with its money
 * completed and discrepancies planted, kept for the next run (rebuilt with --fresh or a new spec).
 */
export async function prepareReconciliation(adminUrl: string, spec: ReconciliationDataSpec, work: string) {
  const company = await preparePostgres(adminUrl, spec, work);
  const name = `bo_bench_recon_${sizeLabel(spec.orders)}`;
  const marker = `${DATA_VERSION} from ${company.name} plant=${spec.plant}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const found = await admin(adminUrl, (c) =>
    c.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    ),
  );
  if (!spec.fresh && company.reused && found.rows[0]?.comment === marker) {
    log(`postgres: reusing database ${name} (${marker}; --fresh rebuilds it)`);
    return { databaseUrl: url.toString(), name, reused: true };
  }
  const started = Date.now();
  log(`postgres: copying ${company.name} to ${name}…`);
  await admin(adminUrl, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}" template "${company.name}"`);
  });
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
    for (const [label, statement] of steps(spec.plant)) {
      const t = Date.now();
      await database.db.execute(statement);
      log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    log('  vacuum analyze…');
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  await admin(adminUrl, (c) => c.query(`comment on database "${name}" is '${marker}'`));
  log(`  money completed and planted in ${Math.round((Date.now() - started) / 1000)} s`);
  return { databaseUrl: url.toString(), name, reused: false };
}
