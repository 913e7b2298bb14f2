// Data for the order search benchmark: a generated company with millions of orders (cached
// between runs), the query mix drawn from it, and the naive ILIKE baseline measured straight on
// the database. The orders are written set-based (`INSERT … SELECT generate_series`), a few
// hundred thousand rows a statement, with the secondary indexes dropped for the load and rebuilt
// after it, so 5,000,000 orders build in minutes rather than the hours the per-account demo
// generator would need.
import { type Db, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import { addBulkAccounts } from '../scripts/demo/bulk-accounts';
import { Rng } from '../scripts/demo/rng';
import {
  type BuildCompany,
  preparePgliteCompany,
  preparePostgresCompany,
  seedDemo,
  sizeLabel,
} from './cached-company';
import { log } from './harness';

export { type Location, openLocation, timed } from './cached-company';

/** Bump when the generated data changes shape: cached databases with another version are rebuilt. */
const DATA_VERSION = 'orders-bench v1';
export const SEED = 42;
/** Orders per bulk customer, on average. */
const ORDERS_PER_CUSTOMER = 5;
/** Accounts made by the full demo generator (staff, real orders with lines and payments). */
const DEMO_ACCOUNTS = 300;
/** Orders per INSERT … SELECT statement: a progress step and a bounded transaction. */
const STEP = 250_000;
/** Bulk order numbers start past the demo generator's 7-digit range. */
const BULK_ORDER_ID_FROM = 10_000_000;

export interface DataSpec {
  orders: number;
  fresh: boolean;
}

const marker = (spec: DataSpec) => `${DATA_VERSION} orders=${spec.orders} demo=${DEMO_ACCOUNTS} seed=${SEED}`;

/** Indexes on orders other than its primary key: dropped for the load, rebuilt after it. */
async function orderIndexes(db: Db) {
  return rows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes
         where schemaname = current_schema() and tablename = 'orders' and indexname <> 'orders_pkey'`,
  );
}

/**
 * `count` orders of bulk customers (phoenix ids from `firstCustomer`, `customers` of them), newest
 * crowding toward `now` over three years. Deterministic: md5 of (seed, row) decides every field.
 */
export async function addBulkOrders(
  db: Db,
  o: { count: number; firstCustomer: number; customers: number; now: Date },
) {
  const started = performance.now();
  const seed = `'${SEED}'`;
  const now = `timestamptz '${o.now.toISOString()}'`;
  // Phoenix numbers the demo generator already gave out: a bulk order that would take one has none.
  await db.execute(sql`drop table if exists bench_reserved_phoenix`);
  await db.execute(
    sql`create table bench_reserved_phoenix as
          select phoenix_order_id as p from orders where phoenix_order_id is not null`,
  );
  const indexes = await orderIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  try {
    for (let from = 0; from < o.count; from += STEP) {
      const to = Math.min(o.count, from + STEP) - 1;
      await db.execute(
        sql.raw(`
        insert into orders (id, order_id, phoenix_order_id, collection, state, printed, order_type, channel,
                            customer_uid, customer_user_type, customer_first_name, customer_last_name,
                            customer_email, customer_phoenix_id, sponsor_id, country_id, currency,
                            subtotal_cents, pre_promo_subtotal_cents, shipping_cents, tax_cents,
                            grand_total_cents, payment_state, date_created_utc, date_captured_utc)
        select g.id, g.order_id,
               case when g.age_days > 2 and g.u_state < 0.93 and r.p is null then g.phoenix end,
               g.collection, g.state, g.state in (4, 5), g.order_type, g.channel,
               a.uid, a.user_type, a.first_name, a.last_name, a.email, a.phoenix_id, a.sponsor_id, a.country_id,
               case when a.country_id = 2 then 'CAD' else 'USD' end,
               g.subtotal, g.subtotal, 795, round(g.subtotal * 0.08)::int, g.subtotal + 795 + round(g.subtotal * 0.08)::int,
               case when g.collection = 'invoices' then 'captured' else 'pending' end,
               g.created, case when g.collection = 'invoices' then g.created + interval '20 minutes' end
          from (
            select i, 'BO' || upper(substr(md5(${seed} || ':o:' || i), 1, 18)) as id,
                   ${BULK_ORDER_ID_FROM} + i as order_id,
                   100000000 + (i::bigint * 7919) % 900000000 as phoenix,
                   ${o.firstCustomer} + floor(u_customer * ${o.customers})::int as customer_phoenix_id,
                   age_days, ${now} - interval '1 day' * age_days as created,
                   case when age_days < 2 and u_state < 0.5 then 'orders'
                        when u_state > 0.98 then 'ship-to-socials' else 'invoices' end as collection,
                   case when age_days < 2 and u_state < 0.5 then 1
                        when u_state > 0.98 then 3
                        when u_state > 0.95 then 7
                        when age_days < 3 then 3 when age_days < 6 then 4 else 5 end as state,
                   (array[2,2,2,2,3,3,4,4,6,6,8,10,11,12,16,16,17,18,20])[1 + floor(u_type * 19)::int] as order_type,
                   1 + floor(u_channel * 6)::int as channel,
                   1500 + floor(u_total * 28500)::int as subtotal, u_state
              from (
                select i,
                       ('x' || substr(h, 1, 8))::bit(32)::bigint / 4294967296.0 as u_customer,
                       ('x' || substr(h, 9, 8))::bit(32)::bigint / 4294967296.0 as u_state,
                       ('x' || substr(h, 17, 4))::bit(16)::int / 65536.0 as u_type,
                       ('x' || substr(h, 21, 4))::bit(16)::int / 65536.0 as u_channel,
                       ('x' || substr(h, 25, 4))::bit(16)::int / 65536.0 as u_total,
                       1100 * (('x' || substr(h, 29, 4))::bit(16)::int / 65536.0) ^ 1.6 as age_days
                  from (select i, md5(${seed} || ':order:' || i) as h
                          from generate_series(${from}, ${to}) as i) s
              ) u
          ) g
          join accounts a on a.phoenix_id = g.customer_phoenix_id
          left join bench_reserved_phoenix r on r.p = g.phoenix`),
      );
      log(`  bulk orders: ${(to + 1).toLocaleString('en-US')} of ${o.count.toLocaleString('en-US')}`);
    }
  } finally {
    log(`  rebuilding ${indexes.length} indexes on orders…`);
    for (const index of indexes) await db.execute(sql.raw(index.def));
    await db.execute(sql`drop table if exists bench_reserved_phoenix`);
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

/** The demo company, then bulk customers and their orders. */
const build =
  (spec: DataSpec, work: string): BuildCompany =>
  async (env, open) => {
    const started = Date.now();
    log(`  demo generator: ${DEMO_ACCOUNTS} accounts with their orders, and the staff…`);
    await seedDemo(env, work, DEMO_ACCOUNTS, SEED);
    const database = await open();
    try {
      const customers = Math.max(1000, Math.round(spec.orders / ORDERS_PER_CUSTOMER));
      log(`  bulk customers: ${customers.toLocaleString('en-US')}…`);
      const accounts = await addBulkAccounts(database.db, {
        count: customers,
        seed: SEED,
        now: new Date(),
        downline: 0,
        log,
      });
      log(`  bulk orders: ${spec.orders.toLocaleString('en-US')} (INSERT … SELECT generate_series)…`);
      const seconds = await addBulkOrders(database.db, {
        count: spec.orders,
        firstCustomer: accounts.firstPhoenixId,
        customers,
        now: new Date(),
      });
      log(`  orders written and indexed in ${seconds} s; vacuum analyze…`);
      await database.db.execute(sql`vacuum analyze orders`);
      await database.db.execute(sql`vacuum analyze accounts`);
    } finally {
      await database.close();
    }
    log(`  company ready in ${Math.round((Date.now() - started) / 1000)} s`);
  };

/** PostgreSQL: database bo_bench_orders_<size>, kept for the next run (rebuilt with --fresh). */
export const preparePostgres = (adminUrl: string, spec: DataSpec, work: string) =>
  preparePostgresCompany(
    adminUrl,
    `bo_bench_orders_${sizeLabel(spec.orders)}`,
    marker(spec),
    spec.fresh,
    build(spec, work),
  );

/** PGlite: a data directory under the system temp dir, kept for the next run. */
export const preparePglite = (spec: DataSpec, work: string) =>
  preparePgliteCompany(
    `bo-bench-orders-${sizeLabel(spec.orders)}`,
    marker(spec),
    spec.fresh,
    build(spec, work),
  );

// ---------------------------------------------------------------------------------------------
// The query mix, drawn from the data with a seeded generator: the same data gives the same mix.

export const SCENARIOS = [
  'order id',
  'Phoenix order number',
  'email',
  'UID',
  'last name + date range',
  'date range, first page',
  'date range, by total',
  'all orders, by total',
  'all orders, by customer',
  'last name, oldest first',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface Probe {
  scenario: Scenario;
  /** Query string of GET /api/cs/orders/. */
  query: string;
  /** The same search, naively: ILIKE '%…%' over the text of each column, no index help. */
  naive: { column: string; text: string; from?: string; to?: string; order?: keyof typeof NAIVE_ORDERS };
  /** An order the search must find (its document id), when there is one to expect. */
  expect?: string;
}

interface Sample {
  id: string;
  order_id: number;
  phoenix_order_id: string | null;
  customer_uid: string;
  customer_email: string | null;
  customer_last_name: string;
  day: string;
}

export async function probes(db: Db, perScenario: number): Promise<{ probes: Probe[]; orderIds: string[] }> {
  const rng = new Rng(SEED, 9_303);
  const [range] = await rows<{ lo: number; hi: number }>(
    db,
    sql`select min(order_id)::int as lo, max(order_id)::int as hi from orders where id like 'BO%'`,
  );
  const wanted = Array.from({ length: perScenario * 2 }, () => rng.int(range!.lo, range!.hi));
  const samples = await rows<Sample>(
    db,
    sql`select id, order_id::int as order_id, phoenix_order_id::text, customer_uid, customer_email,
               customer_last_name, to_char(date_created_utc at time zone 'America/Los_Angeles', 'YYYY-MM-DD') as day
          from orders where order_id in (${sql.join(
            wanted.map((n) => sql`${n}`),
            sql`, `,
          )}) order by order_id`,
  );
  const withPhoenix = samples.filter((s) => s.phoenix_order_id);
  const withEmail = samples.filter((s) => s.customer_email);
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const out: Probe[] = [];
  for (let i = 0; i < perScenario; i++) {
    const s = samples[i % samples.length]!;
    const p = withPhoenix[i % withPhoenix.length]!;
    const e = withEmail[i % withEmail.length]!;
    const from = shift(s.day, -rng.int(7, 90));
    const to = shift(s.day, rng.int(0, 30));
    const enc = encodeURIComponent;
    out.push(
      {
        scenario: 'order id',
        query: `orderId=F${s.order_id}`,
        naive: { column: 'order_id', text: String(s.order_id) },
        expect: s.id,
      },
      {
        scenario: 'Phoenix order number',
        query: `phoenixOrderId=${p.phoenix_order_id}`,
        naive: { column: 'phoenix_order_id', text: p.phoenix_order_id! },
        expect: p.id,
      },
      {
        scenario: 'email',
        query: `email=${enc(e.customer_email!)}`,
        naive: { column: 'customer_email', text: e.customer_email! },
      },
      {
        scenario: 'UID',
        query: `uid=${s.customer_uid}`,
        naive: { column: 'customer_uid', text: s.customer_uid },
        expect: s.id,
      },
      {
        scenario: 'last name + date range',
        query: `lastName=${enc(s.customer_last_name)}&dateFrom=${from}&dateTo=${to}`,
        naive: { column: 'customer_last_name', text: s.customer_last_name, from, to },
      },
      {
        scenario: 'date range, first page',
        query: `dateFrom=${from}&dateTo=${to}`,
        naive: { column: 'date_created_utc', text: '', from, to },
      },
      {
        scenario: 'date range, by total',
        query: `dateFrom=${from}&dateTo=${to}&sort=total`,
        naive: { column: 'date_created_utc', text: '', from, to, order: 'total' },
      },
      {
        scenario: 'all orders, by total',
        query: `sort=total&direction=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 5)}`,
        naive: { column: 'date_created_utc', text: '', order: 'total' },
      },
      {
        scenario: 'all orders, by customer',
        query: `sort=customer&direction=${i % 2 ? 'desc' : 'asc'}&page=${1 + (i % 5)}`,
        naive: { column: 'date_created_utc', text: '', order: 'customer' },
      },
      {
        scenario: 'last name, oldest first',
        query: `lastName=${enc(s.customer_last_name)}&direction=asc`,
        naive: { column: 'customer_last_name', text: s.customer_last_name, order: 'oldest' },
      },
    );
  }
  return { probes: out, orderIds: samples.map((s) => s.id) };
}

// ---------------------------------------------------------------------------------------------
// Straight on the database

const NAIVE_COLUMNS = new Set([
  'order_id',
  'phoenix_order_id',
  'customer_email',
  'customer_uid',
  'customer_last_name',
  'date_created_utc',
]);

/** The naive search: `ILIKE '%…%'` on the column's text, dates compared as text: every row read. */
/**
 * The naive searches' sorts. The new ones sort on an expression no index is in the order of
 * (`+ 0`, `lower()` without the C collation), so they read and sort every matching row, as a
 * list sorted without its index would; newest first keeps the naive search it always had.
 */
const NAIVE_ORDERS = {
  newest: sql`date_created_utc desc`,
  oldest: sql`date_created_utc + interval '0' asc`,
  total: sql`grand_total_cents + 0 desc, date_created_utc desc`,
  customer: sql`lower(customer_last_name), date_created_utc`,
};

export function naiveSearch(db: Db, probe: Probe) {
  const { column, text, from, to, order = 'newest' } = probe.naive;
  if (!NAIVE_COLUMNS.has(column)) throw new Error(`naive search: unknown column ${column}`);
  const parts = [sql`${sql.raw(column)}::text ilike ${`%${text}%`}`];
  if (from) parts.push(sql`date_created_utc::date::text >= ${from}`);
  if (to) parts.push(sql`date_created_utc::date::text <= ${to}`);
  return rows(
    db,
    sql`select * from orders where ${sql.join(parts, sql` and `)}
         order by ${NAIVE_ORDERS[order]} limit 20`,
  );
}
