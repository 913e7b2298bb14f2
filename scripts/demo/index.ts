import { staffUsers } from '@server/db/schema';
import { sealTaxNumber } from '@server/modules/accounts/tax-number-vault';
import type { DataKeyring } from '@server/platform/data-keys';
import type { Db } from '@server/platform/db';
import { hashPassword } from '@server/platform/passwords';
import { sql } from 'drizzle-orm';
import { generateAccount } from './account-pipeline';
import { addBatches } from './batches';
import { MAX_ORDERS } from './ids';
import { demoLoadState, isDatabaseEmpty, setDemoLoadState } from './load-state';

export { demoLoadState, isDatabaseEmpty } from './load-state';

import { addOrderScenarios } from './order-scenarios';
import { makeProgress } from './progress';
import { resetDatabase } from './reset';
import { prepareRun } from './setup';
import { staffRows } from './staff';
import { addStoryCustomers, STORY_CUSTOMERS } from './story-customers';
import { TABLE_ORDER } from './tables';
import { makeClock } from './time';
import { BatchWriter } from './writer';

// The demo company generator (DESIGN §7). Same seed and same `now` give the same rows, ids
// included. Accounts are generated and written chunk by chunk, each with its orders, so memory
// stays flat whatever the size.

export interface SeedOptions {
  accounts: number;
  seed?: number;
  /** Anchor of every relative date; the dashboard's "today" is the Pacific day containing it. */
  now?: Date;
  includeStaff: boolean;
  demoPassword: string;
  /** Seals the demo's tax numbers (ADR 022): the app's key ring, so it can read them. */
  keyring: DataKeyring;
  progress?: boolean;
  log?: (message: string) => void;
  /** Write transactions running at once while the next chunk is generated (2 suits PostgreSQL; PGlite has one connection). */
  concurrency?: number;
}

export interface SeedSummary {
  seed: number;
  now: Date;
  accounts: number;
  orders: number;
  rows: Record<string, number>;
  seconds: number;
  /** Peak resident memory of the process, in MB. */
  peakRssMb: number;
}

/** Accounts generated before each write; a write of this many accounts is one transaction. */
const CHUNK_ACCOUNTS = 500;

/** How the demo writes tax numbers: sealed with the app's key ring, never as digits (ADR 022). */
export const demoTaxNumberSealer =
  (keyring: DataKeyring) =>
  (uid: string, digits: string): string =>
    sealTaxNumber(keyring, uid, digits);

/**
 * What a start does with the demo company: load it into an empty database, and load it again
 * (after emptying every table) when the last load did not finish. Never touches a database
 * that holds anything else.
 */
export async function ensureDemoCompany(
  db: Db,
  options: SeedOptions,
): Promise<'loaded' | 'reloaded' | 'present'> {
  const log = options.log ?? (() => {});
  const interrupted = (await demoLoadState(db)) === 'loading';
  if (interrupted) {
    log('The last demo load did not finish: emptying the database to load it again…');
    await resetDatabase(db);
  } else if (!(await isDatabaseEmpty(db))) {
    return 'present';
  }
  log(`Loading the demo company (${options.accounts} accounts)…`);
  const t = Date.now();
  await seedDemo(db, options);
  log(`Demo company loaded in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
  return interrupted ? 'reloaded' : 'loaded';
}

/**
 * Writes the demo company. The database is marked `loading` before the first row and `complete`
 * after the last, so a load cut short (killed, crashed) is recognised and redone by the next start.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  await setDemoLoadState(db, 'loading');
  const started = performance.now();
  const seed = options.seed ?? 42;
  const clock = makeClock(options.now ?? new Date());
  const total = Math.max(0, Math.floor(options.accounts));
  const log = options.log ?? (() => {});
  if (total * 6 > MAX_ORDERS)
    throw new Error(`at most ${Math.floor(MAX_ORDERS / 6)} accounts: order numbers have 7 digits`);

  const writer = new BatchWriter(db, TABLE_ORDER, Math.max(1, options.concurrency ?? 1));
  await writer.start();
  const ctx = prepareRun(writer, seed, clock, total, demoTaxNumberSealer(options.keyring));
  if (options.includeStaff) {
    // One hash for every demo login: argon2 is slow on purpose, and they share the password.
    const hash = await hashPassword(options.demoPassword);
    writer.add(staffUsers, ...staffRows(ctx.roster, seed, hash, clock));
  }
  await writer.flush();
  log(
    `reference data: ${ctx.catalog.products.length} products, ${ctx.roster.all.length} staff${options.includeStaff ? '' : ' (not written)'}`,
  );

  const progress = makeProgress(options.progress === true, total, log);
  let orders = 0;
  const written = () => [...writer.counts.values()].reduce((s, n) => s + n, 0);
  try {
    for (let start = 0; start < total; start += CHUNK_ACCOUNTS) {
      const end = Math.min(total, start + CHUNK_ACCOUNTS);
      for (let idx = start; idx < end; idx++) orders += generateAccount(ctx, idx);
      // The next chunk is generated while this one is written.
      await writer.write();
      progress.update(end, written());
    }
    await writer.flush();
    await addBatches(ctx, writer, db);
    progress.update(total, written());
  } finally {
    progress.stop();
  }
  await writer.syncSequences();
  await addOrderScenarios(db);
  await addStoryCustomers(db, ctx);
  await finishAggregates(db);
  // Fresh statistics and visibility maps: without them the first screens plan badly and
  // index-only scans read the heap (a bulk load outruns autovacuum).
  log('analysing tables…');
  await db.execute(sql`vacuum analyze`);
  await setDemoLoadState(db, 'complete');

  const summary: SeedSummary = {
    seed,
    now: clock.now,
    // The company account and the named story customers come on top of the generated ones.
    accounts: total + 1 + Object.keys(STORY_CUSTOMERS).length,
    orders,
    rows: Object.fromEntries([...writer.counts].sort(([a], [b]) => a.localeCompare(b))),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  log(`seeded ${summary.accounts} accounts and ${orders} orders in ${summary.seconds} s`);
  return summary;
}

/** Popup totals come from their orders, which are written long after the popups themselves. */
async function finishAggregates(db: Db): Promise<void> {
  await db.execute(sql`
    update socials s
       set total_cents = t.total_cents, order_count = t.order_count
      from (select social_id, sum(grand_total_cents)::int as total_cents, count(*)::int as order_count
              from orders
             where social_id is not null and state not in (7, 14)
             group by social_id) t
     where s.id = t.social_id`);
}
