// Data for the customer search benchmark: the generated company (cached between runs), the query
// mix drawn from it, and the measurements made straight on the database (the naive ILIKE
// baseline, the downline count, the customer dashboard's reads).
import { type Db, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import { addBulkAccounts, DOWNLINE_ROOT_UID } from '../scripts/demo/bulk-accounts';
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
const DATA_VERSION = 'customers-bench v1';
export const SEED = 42;
export const DOWNLINE = 10_000;

export interface DataSpec {
  accounts: number;
  /** Accounts made by the full demo generator (orders, credit, popups …); the rest are bulk accounts. */
  demoAccounts: number;
  fresh: boolean;
}

const marker = (spec: DataSpec) =>
  `${DATA_VERSION} accounts=${spec.accounts} demo=${spec.demoAccounts} seed=${SEED}`;

/** The demo company, then bulk accounts with the 10,000-account downline. */
const build =
  (spec: DataSpec, work: string): BuildCompany =>
  async (env, open) => {
    const started = Date.now();
    log(`  demo generator: ${spec.demoAccounts.toLocaleString('en-US')} accounts with their orders…`);
    await seedDemo(env, work, spec.demoAccounts, SEED);
    const database = await open();
    try {
      const bulk = spec.accounts - spec.demoAccounts - 1;
      log(`  bulk accounts: ${bulk.toLocaleString('en-US')} (INSERT … SELECT generate_series)…`);
      const summary = await addBulkAccounts(database.db, {
        count: bulk,
        seed: SEED,
        now: new Date(),
        downline: DOWNLINE,
        log,
      });
      log(`  bulk accounts written and indexed in ${summary.seconds} s`);
      await database.db.execute(sql`vacuum analyze accounts`);
      await database.db.execute(sql`vacuum analyze terms_records`);
    } finally {
      await database.close();
    }
    log(`  company ready in ${Math.round((Date.now() - started) / 1000)} s`);
  };

/** PostgreSQL: database bo_bench_customers_<size>, kept for the next run (rebuilt with --fresh). */
export const preparePostgres = (adminUrl: string, spec: DataSpec, work: string) =>
  preparePostgresCompany(
    adminUrl,
    `bo_bench_customers_${sizeLabel(spec.accounts)}`,
    marker(spec),
    spec.fresh,
    build(spec, work),
  );

/** PGlite: a data directory under the system temp dir, kept for the next run. */
export const preparePglite = (spec: DataSpec, work: string) =>
  preparePgliteCompany(
    `bo-bench-customers-${sizeLabel(spec.accounts)}`,
    marker(spec),
    spec.fresh,
    build(spec, work),
  );

// ---------------------------------------------------------------------------------------------
// The query mix, drawn from the data with a seeded generator: the same data gives the same mix.

/** The kinds of name query in the mix, with their weights. */
const NAME_KINDS = [
  ['common last name', 15],
  ['rare last name', 10],
  ['first name', 10],
  ['prefix', 15],
  ['first last', 20],
  ['last, first', 5],
  ['typo', 10],
  ['email', 5],
  ['email prefix', 5],
  ['no match', 5],
] as const;
export const KINDS: readonly string[] = NAME_KINDS.map(([k]) => k);

export interface Query {
  kind: string;
  q: string;
}

interface Person {
  uid: string;
  phoenix_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
}

function typo(word: string, rng: Rng): string {
  const w = word.toLowerCase();
  const at = rng.int(1, Math.max(1, w.length - 2));
  return rng.chance(0.5) ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at] + w.slice(at);
}

export async function queryMix(db: Db, names: number, numbers: number, demoAccounts: number) {
  const rng = new Rng(SEED, 9_202);
  const [range] = await rows<{ lo: string; hi: string }>(
    db,
    sql`select min(phoenix_id)::text as lo, max(phoenix_id)::text as hi from accounts where phoenix_id > 1`,
  );
  const lo = Number(range!.lo);
  const hi = Number(range!.hi);
  const ids = Array.from({ length: Math.max(names, numbers) }, () => rng.int(lo, hi));
  const people = await rows<Person>(
    db,
    sql`select uid, phoenix_id::text, first_name, last_name, email from accounts
         where phoenix_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by phoenix_id`,
  );
  const counted = await rows<{ last_name: string; n: number }>(
    db,
    sql`select last_name, count(*)::int as n from accounts group by last_name order by n desc, last_name`,
  );
  const common = counted.slice(0, 10).map((r) => r.last_name);
  const rare = counted.slice(-10).map((r) => r.last_name);
  const nameQueries: Query[] = [];
  for (let i = 0; i < names; i++) {
    const p = people[i % people.length]!;
    const kind = rng.weighted<string>(NAME_KINDS);
    const q =
      kind === 'common last name'
        ? rng.pick(common)
        : kind === 'rare last name'
          ? rng.pick(rare)
          : kind === 'first name'
            ? p.first_name
            : kind === 'prefix'
              ? p.last_name.slice(0, rng.int(1, 4))
              : kind === 'first last'
                ? `${p.first_name} ${p.last_name}`
                : kind === 'last, first'
                  ? `${p.last_name}, ${p.first_name}`
                  : kind === 'typo'
                    ? rng.chance(0.5)
                      ? typo(p.last_name, rng)
                      : `${p.first_name} ${typo(p.last_name, rng)}`
                    : kind === 'email'
                      ? (p.email ?? p.last_name)
                      : kind === 'email prefix'
                        ? `${(p.email ?? 'x@').split('@')[0]}@`
                        : `zq${rng.alphanumeric(6).toLowerCase()}`;
    nameQueries.push({ kind, q });
  }
  const numberQueries: Query[] = [];
  for (let i = 0; i < numbers; i++) {
    const id = ids[i]!;
    const kind = rng.weighted<string>([
      ['account number', 70],
      ['M + account number', 20],
      ['unknown number', 10],
    ]);
    const q =
      kind === 'account number' ? String(id) : kind === 'M + account number' ? `M${id}` : String(hi + 1 + i);
    numberQueries.push({ kind, q });
  }
  // Customers to open: mostly from the fully generated part (with orders, credit, popups).
  const opened = await rows<{ uid: string; phoenix_id: string }>(
    db,
    sql`(select uid, phoenix_id::text from accounts where phoenix_id between 100001 and ${100_000 + demoAccounts} order by md5(uid) limit 70)
        union all
        (select uid, phoenix_id::text from accounts where phoenix_id > ${100_000 + demoAccounts} order by phoenix_id limit 30)`,
  );
  return { nameQueries, numberQueries, opened };
}

// ---------------------------------------------------------------------------------------------
// Straight on the database

/** The naive search: `ILIKE '%…%'` over names, email and the account number, a scan of every row. */
export function naiveSearch(db: Db, q: string) {
  const pattern = `%${q.replace(/^[Mm](?=\d+$)/, '')}%`;
  return rows(
    db,
    sql`select uid, phoenix_id, first_name, last_name, email from accounts
         where first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern}
            or (first_name || ' ' || last_name) ilike ${pattern} or phoenix_id::text ilike ${pattern}
         order by last_name, first_name, phoenix_id limit 20`,
  );
}

/** Size of the sponsor downline below an account: a recursive CTE over sponsor_id (decision 004). */
export async function downlineCount(db: Db, phoenixId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`with recursive d(phoenix_id) as (
          select phoenix_id from accounts where sponsor_id = ${phoenixId}
          union all
          select a.phoenix_id from accounts a join d on a.sponsor_id = d.phoenix_id)
        select count(*)::int as n from d`,
  );
  return row?.n ?? 0;
}

export async function downlineRoot(db: Db): Promise<number> {
  const [row] = await rows<{ p: string }>(
    db,
    sql`select phoenix_id::text as p from accounts where uid = ${DOWNLINE_ROOT_UID}`,
  );
  if (!row) throw new Error('The generated company has no downline root account');
  return Number(row.p);
}

/**
 * What a customer dashboard shows (spec 1 §2 Customer screens): the account with its sponsor and enroller, its
 * membership terms, product credit per country, last 5 orders, open carts, popups and recent changes.
 */
export async function dashboardReads(db: Db, uid: string) {
  return Promise.all([
    rows(
      db,
      sql`select a.*, s.uid as sponsor_uid, s.first_name || ' ' || s.last_name as sponsor_name,
                 e.uid as enroller_uid, e.first_name || ' ' || e.last_name as enroller_name
            from accounts a
            left join accounts s on s.phoenix_id = a.sponsor_id
            left join accounts e on e.phoenix_id = a.enroller_id
           where a.uid = ${uid}`,
    ),
    rows(db, sql`select * from terms_records where account_uid = ${uid} order by order_date desc`),
    rows(db, sql`select * from product_credit where account_uid = ${uid}`),
    rows(
      db,
      sql`select id, order_id, state, grand_total_cents, currency, date_created_utc from orders
           where customer_uid = ${uid} order by date_created_utc desc limit 5`,
    ),
    rows(db, sql`select cart_id, last_saved from carts where uid = ${uid} and not canceled`),
    rows(
      db,
      sql`select id, name, status, opening_date from socials where uid = ${uid} order by opening_date desc`,
    ),
    rows(
      db,
      sql`select id, action, changed_by_name, date_changed_utc from change_events
           where collection = 'account-log' and entity_id = ${uid} order by date_changed_utc desc limit 5`,
    ),
  ]);
}
