import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DISCREPANCY_KINDS,
  type DiscrepancyKind,
  type KindCounts,
} from '@domain/reconciliation/reconciliation';
import {
  RECONCILIATION_JOB,
  reconciliationJob,
  requestRun,
} from '@server/modules/reconciliation/reconciliation.service';
import { SYSTEM_ACTOR } from '@server/platform/audit';
import { loadConfig } from '@server/platform/config';
import { openDatabase, rows } from '@server/platform/db';
import { processJobs } from '@server/platform/jobs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { assertLocalDatabase, cleanUpOnExit, log, median, writeResultsSection } from './harness';
import { prepareReconciliation } from './reconciliation-data';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:reconciliation -- [--orders N] [--runs N] [--plant N] [--fresh] [--write]
  --orders  bulk orders of the cached company (default 5,000,000; the order search benchmark's cache)
  --runs    timed runs (default 3), each from empty reconciliation tables
  --plant   discrepancies planted per kind (default 1,000)
  --fresh   rebuild the cached databases (bo_bench_orders_<size>, bo_bench_recon_<size>)
  --write   replace the "## Money reconciliation" section of bench/RESULTS.md
PostgreSQL only: DATABASE_URL must point at a server on this machine.`;

function parseCli() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      runs: { type: 'string' },
      plant: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) throw new Error('The reconciliation benchmark runs on PostgreSQL: set DATABASE_URL');
  assertLocalDatabase(databaseUrl);
  const whole = (name: string, v: string | undefined, fallback: number, min: number) => {
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
    return n;
  };
  return {
    databaseUrl,
    orders: whole('orders', values.orders, 5_000_000, 10_000),
    runs: whole('runs', values.runs, 3, 1),
    plant: whole('plant', values.plant, 1000, 1),
    fresh: values.fresh,
    write: values.write,
  };
}

const { tempDirs } = cleanUpOnExit();

interface RunResult {
  run: number;
  ms: number;
  counts: Partial<Record<DiscrepancyKind, KindCounts>>;
}

const secs = (ms: number) => (ms / 1000).toFixed(1);

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) {
    console.log(USAGE);
    return 0;
  }
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const work = mkdtempSync(join(tmpdir(), 'bench-reconciliation-'));
  tempDirs.push(work);
  const data = await prepareReconciliation(
    opts.databaseUrl,
    { orders: opts.orders, fresh: opts.fresh, plant: opts.plant },
    work,
  );

  const database = await openDatabase({ databaseUrl: data.databaseUrl, poolSize: 2 });
  const results: RunResult[] = [];
  let sizes: Record<string, number> = {};
  try {
    await database.migrate();
    const db = database.db;
    const [counted] = await rows<Record<string, number>>(
      db,
      sql`select (select count(*) from orders)::int as orders,
                                  (select count(*) from order_payments)::int as payments,
                                  (select count(*) from payment_transactions)::int as gateway_transactions,
                                  (select count(*) from refunds)::int as refunds,
                                  (select count(*) from product_credit)::int as credit_balances,
                                  (select count(*) from product_credit_ledger)::int as ledger_entries`,
    );
    sizes = counted ?? {};
    log(`data: ${JSON.stringify(sizes)}`);
    const config = loadConfig({ ...process.env, DATABASE_URL: data.databaseUrl });
    const logger = pino({ level: 'warn' }, process.stderr);
    for (let run = 1; run <= opts.runs; run++) {
      // Every run from empty tables: the same work each time (every discrepancy first seen).
      await db.execute(sql`truncate reconciliation_discrepancies, reconciliation_runs`);
      await db.execute(sql`delete from jobs where type = ${RECONCILIATION_JOB}`);
      const asked = await requestRun(
        { db, config, wakeJobs: () => {} },
        { trigger: 'manual', actor: SYSTEM_ACTOR },
      );
      if (!asked?.started) throw new Error('the run was not queued');
      log(`run ${run} of ${opts.runs}…`);
      const t = performance.now();
      const claimed = await processJobs(db, { [RECONCILIATION_JOB]: reconciliationJob }, logger, {
        batchSize: 1,
      });
      const ms = performance.now() - t;
      const [row] = await rows<{ status: string; counts: Partial<Record<DiscrepancyKind, KindCounts>> }>(
        db,
        sql`select status, counts from reconciliation_runs where id = ${asked.run.id}`,
      );
      if (claimed !== 1 || row?.status !== 'succeeded') throw new Error(`run ${run} did not succeed`);
      results.push({ run, ms, counts: row.counts });
      log(`  ${secs(ms)} s`);
    }
  } finally {
    await database.close();
  }

  const totals = results.map((r) => r.ms);
  const spread = { min: Math.min(...totals), max: Math.max(...totals) };
  const args = process.argv.slice(2).filter((a) => a !== '--write');
  const command = `npm run bench:reconciliation${args.length ? ` -- ${args.join(' ')}` : ''}`;
  const header = `| check | found | ${results.map((r) => `run ${r.run} ms`).join(' | ')} | median ms |`;
  const lines = [
    '## Money reconciliation (ADR 025)',
    '',
    `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 10)}; ${cpus()[0]?.model?.trim() ?? 'CPU'} (${cpus().length} cores), Node ${process.version}, PostgreSQL;`,
    `load average (1 min) at the start ${loadAtStart.toFixed(2)}${loadAtStart > cpus().length ? ' (a busy machine: expect noisy figures)' : ''}.`,
    `Data: ${Object.entries(sizes)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replaceAll('_', ' ')}`)
      .join(', ')}; ${opts.plant.toLocaleString('en-US')} discrepancies planted per kind.`,
    'Each run is the whole job (claimed by the job worker, every check in turn, each check one statement that',
    'upserts what it finds and one that resolves the rest), from empty reconciliation tables. `found` is what each check',
    'found: the planted discrepancies, plus any the cached data holds itself (captured demo orders that no running',
    "app's export sweep has sent to Phoenix on this copy).",
    '',
    header,
    `|---|---|${results.map(() => '---|').join('')}---|`,
    ...DISCREPANCY_KINDS.map((kind) => {
      const ms = results.map((r) => r.counts[kind]?.ms ?? 0);
      return `| ${kind} | ${(results[0]?.counts[kind]?.found ?? 0).toLocaleString('en-US')} | ${ms.join(' | ')} | ${median(ms)} |`;
    }),
    `| **whole job** | ${
      results[0]
        ? Object.values(results[0].counts)
            .reduce((s, c) => s + c.found, 0)
            .toLocaleString('en-US')
        : 0
    } | ${totals.map((m) => Math.round(m)).join(' | ')} | ${Math.round(median(totals))} |`,
    '',
    `Whole job: median ${secs(median(totals))} s, spread ${secs(spread.min)}–${secs(spread.max)} s over ${results.length} runs.`,
  ];
  console.log(lines.slice(2).join('\n'));
  if (opts.write) writeResultsSection(lines);
  console.log(
    JSON.stringify({
      bench: 'reconciliation',
      date: startedAt.toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageAtStart: Number(loadAtStart.toFixed(2)),
      database: data.name,
      reused: data.reused,
      sizes,
      plantedPerKind: opts.plant,
      runsMs: totals.map((m) => Math.round(m)),
      medianMs: Math.round(median(totals)),
      spreadMs: { min: Math.round(spread.min), max: Math.round(spread.max) },
      checks: Object.fromEntries(
        DISCREPANCY_KINDS.map((kind) => [
          kind,
          {
            found: results[0]?.counts[kind]?.found ?? 0,
            medianMs: median(results.map((r) => r.counts[kind]?.ms ?? 0)),
          },
        ]),
      ),
    }),
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
