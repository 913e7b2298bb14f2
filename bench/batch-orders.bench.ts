// Batch orders benchmark (spec 2 §2). Run: npm run bench:batch [-- --rows N] [-- --backends pglite,postgres]
// A 10,000-row batch CSV processed end to end on a fresh database: the preview (every row
// validated), the confirm (batch and rows stored, job queued) and the job (one transaction per
// chunk of 200 rows creating real orders with their lines and orders-log events). Resident memory is sampled every
// 100 ms during the whole run: the job reads rows a chunk at a time, so the peak must not grow with
// the batch. Prints the figures per backend, then one JSON line with all of them.
// PostgreSQL: DATABASE_URL must point at a server where a scratch database may be created.
// Nothing is written to tracked files. On PostgreSQL the statements sent during the job (BEGIN and
// COMMIT included) are counted and reported per row.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { staffUsers } from '../src/server/db/schema';
import { loadConfig } from '../src/server/platform/config';
import type { Database } from '../src/server/platform/db';
import { processJobs } from '../src/server/platform/jobs';
import { hashPassword } from '../src/server/platform/passwords';
import { log } from './harness';
import { type Backend, openScratchDatabase } from './scratch-database';

const TARGET_SECONDS = 60;
const PASSWORD = 'Bench-Password-1';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    backends: { type: 'string' },
  },
  strict: true,
});
const ROWS = Number(values.rows);
const databaseUrl = process.env.DATABASE_URL || undefined;
const backends = (values.backends?.split(',') ?? [
  'pglite',
  ...(databaseUrl ? ['postgres'] : []),
]) as Backend[];

/** Every statement node-postgres sends (pool and transaction clients alike). */
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function sampler() {
  let peak = process.memoryUsage().rss;
  const start = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { startMb: mb(start), peakMb: mb(Math.max(peak, process.memoryUsage().rss)) };
    },
  };
}

/** Accounts with a default address, and a few products priced in both countries. */
async function seed(database: Database, accounts: number) {
  const db = database.db;
  await db.execute(sql`insert into products (sku, product_id, title)
    select 'BENCH-' || g, 800000 + g, 'Bench product ' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into product_prices (sku, country_id, price_cents, cv, pv, qv)
    select 'BENCH-' || g, c, 1000 + g * 100, 10, 12, 12 from generate_series(1, 20) g, generate_series(1, 2) c`);
  await db.execute(sql`insert into accounts (uid, phoenix_id, first_name, last_name, email, user_type, country_id)
    select 'BENCHUID' || lpad(g::text, 20, '0'), 900000 + g, 'Bench', 'Customer' || g,
           'bench' || g || '@example.com', case when g % 10 = 0 then 4 else 3 end, 1
      from generate_series(1, ${accounts}) g`);
  await db.execute(sql`insert into shipping_addresses (account_uid, first_name, last_name, address, city, region,
      postal_code, country, country_id, is_default_shipping)
    select 'BENCHUID' || lpad(g::text, 20, '0'), 'Bench', 'Customer' || g, g || ' Main St', 'Provo', 'UT',
           '84601', 'US', 1, true from generate_series(1, ${accounts}) g`);
  await db.execute(sql`insert into tax_rates (country_id, region, rate_basis_points) values (1, 'UT', 725)
    on conflict do nothing`);
}

function csvOf(rows: number, accounts: number): string {
  const lines = ['account,skus,shippingAddress,orderType,reason'];
  for (let i = 0; i < rows; i++) {
    const n = (i % accounts) + 1;
    const employee = n % 10 === 0;
    const sku = `BENCH-${(i % 20) + 1}`;
    lines.push(
      `${900000 + n},${sku}:${(i % 3) + 1};BENCH-${((i + 7) % 20) + 1}:1,,${employee ? 12 : 10},Bench run row ${i + 1}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function run(backend: Backend) {
  const { database, cleanup: drop } = await openScratchDatabase(backend, databaseUrl, 'batch');
  try {
    const accounts = Math.min(ROWS, 5000);
    await seed(database, accounts);
    const config = loadConfig(
      { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent' },
      { webDir: '/nonexistent' },
    );
    const app = await buildApp({ config, database, workers: false, mailer: null, logger: false });
    await app.ready();
    await database.db.insert(staffUsers).values({
      name: 'Bench Leader',
      email: 'bench-leader@example.com',
      role: 'leader',
      directory: 'users',
      passwordHash: await hashPassword(PASSWORD),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench-leader@example.com', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const csv = csvOf(ROWS, accounts);
    global.gc?.();
    const memory = sampler();
    const t0 = performance.now();
    const preview = await app.inject({
      method: 'POST',
      url: '/api/batchOrders/preview',
      payload: { fileName: 'bench.csv', csv },
      headers,
    });
    if (preview.statusCode !== 200)
      throw new Error(`preview ${preview.statusCode}: ${preview.body.slice(0, 300)}`);
    const t1 = performance.now();
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/batchOrders',
      payload: { fileName: 'bench.csv', csv, idempotencyKey: randomUUID() },
      headers,
    });
    if (confirm.statusCode !== 201)
      throw new Error(`confirm ${confirm.statusCode}: ${confirm.body.slice(0, 300)}`);
    const batchId = confirm.json().data.id as number;
    const t2 = performance.now();
    const statementsBefore = statements;
    const quiet = pino({ level: 'silent' });
    while ((await processJobs(database.db, app.jobHandlers, quiet)) > 0);
    const t3 = performance.now();
    const jobStatements = statements - statementsBefore;
    const mem = memory.stop();
    const done = (await app.inject({ method: 'GET', url: `/api/batchOrders/${batchId}`, headers })).json()
      .data;
    await app.close();
    const figures = {
      backend,
      rows: ROWS,
      previewMs: Math.round(t1 - t0),
      confirmMs: Math.round(t2 - t1),
      jobMs: Math.round(t3 - t2),
      totalSeconds: Math.round((t3 - t0) / 100) / 10,
      rowsPerSecond: Math.round(ROWS / ((t3 - t2) / 1000)),
      statementsPerRow: backend === 'postgres' ? Math.round((jobStatements / ROWS) * 100) / 100 : null,
      succeeded: done.succeededRows,
      failed: done.failedRows,
      rssStartMb: mem.startMb,
      rssPeakMb: mem.peakMb,
      withinTarget: (t3 - t0) / 1000 < TARGET_SECONDS && done.succeededRows === ROWS,
    };
    log(
      `${backend}: ${ROWS} rows — preview ${figures.previewMs} ms, confirm ${figures.confirmMs} ms, job ${figures.jobMs} ms ` +
        `(${figures.rowsPerSecond} rows/s${figures.statementsPerRow == null ? '' : `, ${figures.statementsPerRow} statements/row`}), total ${figures.totalSeconds} s (target < ${TARGET_SECONDS} s); ` +
        `RSS ${figures.rssStartMb} → peak ${figures.rssPeakMb} MB; ${figures.succeeded} orders, ${figures.failed} failed`,
    );
    return figures;
  } finally {
    await database.close();
    await drop();
  }
}

const results = [];
for (const backend of backends) results.push(await run(backend));
console.log(
  JSON.stringify({
    bench: 'batch-orders',
    cpus: cpus().length,
    load: loadavg().map((l) => Math.round(l * 100) / 100),
    results,
  }),
);
