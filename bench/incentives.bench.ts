// Incentives counting benchmark (spec 3 §2 Milestones screen, ADR 009). Run: npm run bench:incentives [-- --consultants N] [-- --fresh]
// Builds (or reuses) a period of N new consultants (default 100,000), each with three orders and
// an enroller, set-based with generate_series — on PostgreSQL when DATABASE_URL is set (database
// bo_bench_incentives_<N>), else on PGlite (<tmp>/bo-bench-incentives-<N>) — then runs the
// counting job for the period, US and CA, twice: the first run writes 3 rows per consultant, the
// re-run upserts the same rows. Measures the time of each run and the process's resident memory
// while it runs (the job is set-based: memory stays flat whatever N is). Target: under 60 s for
// 100,000 consultants on PostgreSQL. Prints a table, then one JSON line. Writes no tracked file.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { enrollerPayouts, incentivePeriods, milestones } from '@server/db/schema';
import { countingJob } from '@server/modules/incentives/counting';
import { type Database, openDatabase, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { log } from './harness';

const TARGET_MS = 60_000;
const PERIOD_ID = 202601;
const START = '2026-01-01T00:00:00.000Z';
const END = '2026-01-31T23:59:59.999Z';
const VERSION = 'v1';

function parseCli() {
  const { values } = parseArgs({
    options: {
      consultants: { type: 'string', default: '100000' },
      fresh: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: npm run bench:incentives -- [--consultants N] [--fresh]');
    process.exit(0);
  }
  const consultants = Number(values.consultants);
  if (!Number.isInteger(consultants) || consultants < 100)
    throw new Error('--consultants must be a whole number ≥ 100');
  return { consultants, fresh: values.fresh, databaseUrl: process.env.DATABASE_URL || undefined };
}

const marker = (n: number) => `incentives ${VERSION} ${n}`;

/** The period's company, set-based: enrollers, new consultants (85 % US), three orders each. */
async function build(database: Database, n: number) {
  const db = database.db;
  await database.migrate();
  const enrollers = Math.max(10, Math.floor(n / 10));
  const base = 10_000_000;
  const t = Date.now();
  await db.insert(milestones).values(
    [
      [300, 30, 25, 1],
      [600, 60, 50, 2],
      [1200, 90, 100, 2],
    ].map(([pv, days, reward, type], i) => ({
      name: `milestone${i + 1}`,
      countingKeyUs: `milestone${i + 1}-us`,
      countingKeyCa: `milestone${i + 1}-ca`,
      participantRequirements: [
        { id: 1, typeId: 1, name: 'Personal volume (PV)', value: pv! },
        { id: 2, typeId: 2, name: 'Days from enrollment', value: days! },
        ...(i === 2 ? [{ id: 3, typeId: 3, name: 'Personally enrolled consultants', value: 1 }] : []),
      ],
      participantRewards: [{ id: 1, typeId: 1, name: 'Product credit', value: 50 }],
      enrollerRewards: [
        { id: 1, typeId: type!, name: type === 1 ? 'Product credit' : 'Cash bonus', value: reward! },
      ],
    })),
  );
  await db
    .insert(incentivePeriods)
    .values({ periodId: PERIOD_ID, startDate: new Date(START), endDate: new Date(END) });
  await db.execute(sql`
    insert into accounts (uid, phoenix_id, first_name, last_name, user_type, country_id, enroller_id, sponsor_id, enrollment_date_utc)
    select 'BENCHE' || g, ${base} + g, 'Enroller', 'Number' || g, 1, 1, 1, 1, timestamptz '2025-03-01' + (g % 200) * interval '1 day'
    from generate_series(1, ${enrollers}) g`);
  await db.execute(sql`
    insert into accounts (uid, phoenix_id, first_name, last_name, user_type, country_id, enroller_id, sponsor_id, enrollment_date_utc)
    select 'BENCHP' || g, ${base + enrollers} + g, 'New', 'Consultant' || g, 1,
      case when g % 20 < 3 then 2 else 1 end,
      case when g % 7 = 0 and g > 7 then ${base + enrollers} + g - 7 else ${base} + 1 + (g % ${enrollers}) end, 1,
      ${START}::timestamptz + ((g * 7919) % (31 * 24 * 60)) * interval '1 minute'
    from generate_series(1, ${n}) g`);
  log(`  accounts: ${Date.now() - t} ms`);
  await db.execute(sql`
    insert into orders (id, order_id, collection, state, order_type, channel, customer_uid, customer_user_type,
      customer_first_name, customer_last_name, country_id, currency, subtotal_cents, pre_promo_subtotal_cents,
      grand_total_cents, pv, date_created_utc)
    select 'BENCHO' || g || '-' || k, 90000000 + g * 3 + k, 'invoices', case when (g + k) % 23 = 0 then 7 else 3 end,
      2, 1, 'BENCHP' || g, 1, 'New', 'Consultant' || g, case when g % 20 < 3 then 2 else 1 end,
      case when g % 20 < 3 then 'CAD' else 'USD' end, 10000, 10000, 10800,
      ((g * 31 + k * 17) % 500) + 20,
      a.enrollment_date_utc + (k * 20 + (g % 9)) * interval '1 day'
    from generate_series(1, ${n}) g cross join generate_series(0, 2) k
    join accounts a on a.uid = 'BENCHP' || g`);
  await db.execute(sql`analyze`);
  log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function preparePostgres(adminUrl: string, n: number, fresh: boolean): Promise<Database> {
  const name = `bo_bench_incentives_${n}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [name],
  );
  const reuse = !fresh && found.rows[0]?.comment === marker(n);
  if (!reuse) {
    log(`postgres: building ${name}…`);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } else log(`postgres: reusing ${name} (--fresh rebuilds it)`);
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  if (!reuse) {
    await build(database, n);
    await admin.query(`comment on database "${name}" is '${marker(n)}'`);
  } else await database.migrate();
  await admin.end();
  return database;
}

async function preparePglite(n: number, fresh: boolean): Promise<Database> {
  const dir = join(tmpdir(), `bo-bench-incentives-${n}`);
  const markerFile = join(dir, 'marker');
  const reuse = !fresh && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker(n);
  if (!reuse) {
    log(`pglite: building ${dir}…`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  } else log(`pglite: reusing ${dir} (--fresh rebuilds it)`);
  const database = await openDatabase({ dataDir: join(dir, 'data') });
  if (!reuse) {
    await build(database, n);
    writeFileSync(markerFile, marker(n));
  } else await database.migrate();
  return database;
}

async function countRun(database: Database) {
  const logger = pino({ level: 'silent' });
  const started = Date.now();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    for (const countryId of [1, 2]) {
      await countingJob(
        { periodId: PERIOD_ID, countryId },
        { db: database.db, log: logger, jobId: 0, progress: async () => {} },
      );
    }
  } finally {
    clearInterval(sampler);
  }
  return { ms: Date.now() - started, peakRssMb: Math.round(peak / 1048576) };
}

async function main() {
  const opts = parseCli();
  const backend = opts.databaseUrl ? 'postgres' : 'pglite';
  const database = opts.databaseUrl
    ? await preparePostgres(opts.databaseUrl, opts.consultants, opts.fresh)
    : await preparePglite(opts.consultants, opts.fresh);
  try {
    // A clean first run: no payout rows yet.
    await database.db.delete(enrollerPayouts);
    const rssBefore = Math.round(process.memoryUsage().rss / 1048576);
    const first = await countRun(database);
    const [after1] = await rows<{ n: number; ok: number; ids: string }>(
      database.db,
      sql`select count(*)::int as n, (count(*) filter (where succeeded))::int as ok, sum(reward_payout_id)::text as ids
          from enroller_payouts`,
    );
    const again = await countRun(database);
    const [after2] = await rows<{ n: number; ok: number; ids: string }>(
      database.db,
      sql`select count(*)::int as n, (count(*) filter (where succeeded))::int as ok, sum(reward_payout_id)::text as ids
          from enroller_payouts`,
    );
    const expected = opts.consultants * 3;
    const idempotent =
      Number(after1!.n) === Number(after2!.n) &&
      after1!.ids === after2!.ids &&
      Number(after1!.ok) === Number(after2!.ok);
    const result = {
      bench: 'incentives',
      backend,
      consultants: opts.consultants,
      rows: Number(after2!.n),
      rowsExpected: expected,
      succeeded: Number(after2!.ok),
      firstRunMs: first.ms,
      rerunMs: again.ms,
      rssBeforeMb: rssBefore,
      peakRssMb: Math.max(first.peakRssMb, again.peakRssMb),
      idempotent,
      targetMs: TARGET_MS,
      pass: Number(after2!.n) === expected && idempotent && Math.max(first.ms, again.ms) < TARGET_MS,
    };
    console.log(`counting ${opts.consultants} consultants on ${backend}`);
    console.log(`  first run   ${(first.ms / 1000).toFixed(2)} s, peak RSS ${first.peakRssMb} MB`);
    console.log(`  re-run      ${(again.ms / 1000).toFixed(2)} s, peak RSS ${again.peakRssMb} MB`);
    console.log(
      `  rows        ${result.rows} (expected ${expected}), succeeded ${result.succeeded}, same rows: ${idempotent}`,
    );
    console.log(JSON.stringify(result));
    if (!result.pass) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
