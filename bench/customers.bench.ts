import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DOWNLINE,
  dashboardReads,
  downlineCount,
  downlineRoot,
  KINDS,
  type Location,
  naiveSearch,
  openLocation,
  preparePglite,
  preparePostgres,
  type Query,
  queryMix,
  timed,
} from './customers-data';
import {
  assertLocalDatabase,
  cleanUpOnExit,
  log,
  type Stat,
  signInToken,
  startApp,
  stat,
  stopChild,
  writeResultsSection,
} from './harness';

const USAGE = `Usage: npm run bench:customers -- [--quick] [--accounts N] [--backends pglite,postgres] [--fresh] [--write]
  --quick     a small run: 100,000 accounts on PostgreSQL, 20,000 on PGlite, fewer requests
  --accounts  company size for every backend (default 1,000,000 on PostgreSQL, 100,000 on PGlite)
  --backends  which databases (default: pglite, and postgres when DATABASE_URL is set)
  --fresh     rebuild the cached company (PostgreSQL database bo_bench_customers_<size>,
              PGlite directory <tmp>/bo-bench-customers-<size>) instead of reusing it
  --write     replace the "## Customer search" section of bench/RESULTS.md
PostgreSQL: DATABASE_URL must point at a server on this machine.`;

type Backend = 'pglite' | 'postgres';
const LEADER_EMAIL = 'leader@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo-Password-1';
const TARGET_SEARCH_P95: Record<Backend, number> = { postgres: 50, pglite: 150 };
const TARGET_DOWNLINE_MS = 100;
const TARGET_OPEN_P95 = 100;

function parseCli() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      accounts: { type: 'string' },
      backends: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const backends = (values.backends ?? (databaseUrl ? 'pglite,postgres' : 'pglite'))
    .split(',')
    .map((b) => b.trim());
  for (const b of backends)
    if (b !== 'pglite' && b !== 'postgres') throw new Error(`--backends: unknown backend ${b}`);
  if (backends.includes('postgres')) {
    if (!databaseUrl) throw new Error('--backends postgres needs DATABASE_URL');
    assertLocalDatabase(databaseUrl);
  }
  const accounts = values.accounts === undefined ? undefined : Number(values.accounts);
  if (accounts !== undefined && (!Number.isInteger(accounts) || accounts < 20_000))
    throw new Error('--accounts must be a whole number ≥ 20000');
  const quick = values.quick;
  return {
    quick,
    sizeOf: (b: Backend) =>
      accounts ?? (b === 'postgres' ? (quick ? 100_000 : 1_000_000) : quick ? 20_000 : 100_000),
    samples: quick
      ? { names: 120, numbers: 60, opens: 40, downline: 10, naive: 8 }
      : { names: 400, numbers: 200, opens: 100, downline: 30, naive: 25 },
    backends: [...new Set(backends)] as Backend[],
    fresh: values.fresh,
    write: values.write,
    databaseUrl,
  };
}
type Options = NonNullable<ReturnType<typeof parseCli>>;

const { children, tempDirs } = cleanUpOnExit();

// ---------------------------------------------------------------------------------------------

interface Row extends Stat {
  backend: Backend;
  accounts: number;
  measure: string;
  how: string;
  target: number | null;
  naiveP95: number | null;
  pass: boolean | null;
}

async function api(base: string, path: string, token: string) {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { success?: boolean; data?: unknown[] };
  return { status: res.status, body };
}

async function runBackend(backend: Backend, opts: Options) {
  const accounts = opts.sizeOf(backend);
  const demoAccounts = Math.min(5_000, Math.floor(accounts / 20));
  const work = mkdtempSync(join(tmpdir(), `bench-customers-${backend}-`));
  tempDirs.push(work);
  const spec = { accounts, demoAccounts, fresh: opts.fresh };
  const loc: Location =
    backend === 'postgres'
      ? await preparePostgres(opts.databaseUrl!, spec, work)
      : await preparePglite(spec, work);

  // Straight on the database first: PGlite allows one process per data directory.
  const database = await openLocation(loc);
  await database.migrate(); // a cached company gets the indexes of newer migrations
  const db = database.db;
  const n = opts.samples;
  const mix = await queryMix(db, n.names, n.numbers, demoAccounts);
  const root = await downlineRoot(db);
  const count = await downlineCount(db, root);
  if (count !== DOWNLINE)
    throw new Error(`downline of ${root}: expected ${DOWNLINE} accounts, counted ${count}`);
  const downline: number[] = [];
  for (let i = 0; i < n.downline + 2; i++) downline.push(await timed(() => downlineCount(db, root)));
  log(`${backend}: naive ILIKE baseline (${n.naive} name and ${n.naive} number queries)…`);
  const naiveNames: number[] = [];
  const naiveNumbers: number[] = [];
  for (const q of mix.nameQueries.slice(0, n.naive)) naiveNames.push(await timed(() => naiveSearch(db, q.q)));
  for (const q of mix.numberQueries.slice(0, n.naive))
    naiveNumbers.push(await timed(() => naiveSearch(db, q.q)));
  const opened = mix.opened.slice(0, n.opens);
  for (const o of opened) await dashboardReads(db, o.uid);
  const reads: number[] = [];
  for (const o of opened) reads.push(await timed(() => dashboardReads(db, o.uid)));
  await database.close();

  const { base, server } = await startApp({
    env: { DEMO_PASSWORD, ...loc.env },
    logFile: join(work, 'server.log'),
    children,
    readyTimeoutMs: 180_000,
  });
  try {
    const token = await signInToken(base, LEADER_EMAIL, DEMO_PASSWORD);

    const search = async (q: Query) => {
      const t = performance.now();
      const { status, body } = await api(base, `/api/customers?q=${encodeURIComponent(q.q)}`, token);
      const ms = performance.now() - t;
      if (status !== 200 || body.success !== true) throw new Error(`${q.kind} "${q.q}": status ${status}`);
      return { ms, hits: body.data?.length ?? 0 };
    };
    log(`${backend}: warming up (every query once)…`);
    for (const q of [...mix.nameQueries, ...mix.numberQueries]) await search(q);
    log(
      `${backend}: measuring ${mix.nameQueries.length} name and ${mix.numberQueries.length} number searches…`,
    );
    const byKind = new Map<string, number[]>();
    const names: number[] = [];
    const numbers: number[] = [];
    for (const q of mix.nameQueries) {
      const { ms } = await search(q);
      names.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
    for (const q of mix.numberQueries) numbers.push((await search(q)).ms);

    // Opening a customer: the dashboard call when the app has it, else the search by number plus
    // the dashboard's reads measured on the database for the same account.
    const probe = await api(base, `/api/customers/${opened[0]!.uid}/dashboard`, token);
    const dashboardRoute = probe.status === 200;
    const opens: number[] = [];
    for (let i = 0; i < opened.length; i++) {
      const o = opened[i]!;
      if (dashboardRoute) {
        opens.push(await timed(() => api(base, `/api/customers/${o.uid}/dashboard`, token)));
      } else {
        opens.push((await search({ kind: 'open', q: o.phoenix_id })).ms + reads[i]!);
      }
    }
    const row = (
      measure: string,
      how: string,
      ms: number[],
      target: number | null,
      naive: number[] | null,
    ): Row => {
      const s = stat(ms);
      return {
        backend,
        accounts,
        measure,
        how,
        ...s,
        target,
        naiveP95: naive ? stat(naive).p95 : null,
        pass: target === null ? null : s.p95 < target,
      };
    };
    const rows: Row[] = [
      row('name search', 'HTTP GET /api/customers?q=<name>', names, TARGET_SEARCH_P95[backend], naiveNames),
      row(
        'account-number search',
        'HTTP GET /api/customers?q=<number>',
        numbers,
        TARGET_SEARCH_P95[backend],
        naiveNumbers,
      ),
      row(
        'open a customer',
        dashboardRoute
          ? 'HTTP GET /api/customers/{uid}/dashboard'
          : 'HTTP search by number + dashboard reads on the database',
        opens,
        TARGET_OPEN_P95,
        null,
      ),
      row(
        `downline count (${DOWNLINE.toLocaleString('en-US')} accounts)`,
        'recursive CTE on the database',
        downline.slice(2),
        TARGET_DOWNLINE_MS,
        null,
      ),
    ];
    const kinds = [...byKind].map(([kind, ms]) => ({ kind, ...stat(ms) }));
    return { rows, kinds, reused: loc.reused, where: loc.name };
  } finally {
    await stopChild(server);
  }
}

// ---------------------------------------------------------------------------------------------

const ms = (v: number | null) => (v === null ? '–' : v.toFixed(1));
function table(rows: Row[]): string[] {
  const lines = [
    '| backend | accounts | measure | how | samples | p50 ms | p95 ms | p99 ms | target p95 | naive ILIKE p95 ms | naive ÷ ours (p95) | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const ratio = r.naiveP95 === null || r.p95 === 0 ? '–' : `${(r.naiveP95 / r.p95).toFixed(1)}×`;
    const result = r.pass === null ? '–' : r.pass ? 'pass' : 'FAIL';
    lines.push(
      `| ${r.backend} | ${r.accounts.toLocaleString('en-US')} | ${r.measure} | ${r.how} | ${r.samples} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.target === null ? '–' : `< ${r.target} ms`} | ${ms(r.naiveP95)} | ${ratio} | ${result} |`,
    );
  }
  return lines;
}

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) {
    console.log(USAGE);
    return 0;
  }
  const watchdog = setTimeout(() => {
    log('The benchmark exceeded its 120 min time limit: stopping.');
    process.exit(1);
  }, 120 * 60_000);
  watchdog.unref();
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const rows: Row[] = [];
  const kinds: Record<string, ({ kind: string } & Stat)[]> = {};
  for (const backend of opts.backends) {
    const result = await runBackend(backend, opts);
    rows.push(...result.rows);
    kinds[backend] = result.kinds;
  }
  const args = process.argv.slice(2).filter((a) => a !== '--write');
  const command = `npm run bench:customers${args.length ? ` -- ${args.join(' ')}` : ''}`;
  const lines = [
    '## Customer search',
    '',
    `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 10)}; ${cpus()[0]?.model?.trim() ?? 'CPU'} (${cpus().length} cores), Node ${process.version};`,
    `load average (1 min) at the start ${loadAtStart.toFixed(2)}${loadAtStart > cpus().length ? ' (a busy machine: expect noisy figures)' : ''}.`,
    'Requests one at a time over HTTP to the app (`dist/server/main.js`, built, APP_ENV=staging, request logs to a file),',
    'signed in as the demo leader, after one unmeasured pass over the same queries. Query mix drawn from the data:',
    'common and rare last names, first names, 1–4 letter prefixes, "first last", "last, first", typos, emails,',
    'email prefixes, names that match nobody; numbers: account numbers, M + account number, unknown numbers.',
    "Baseline: the naive `ILIKE '%…%'` search over names, email and account number on the same data, measured",
    'on the database without HTTP (so the ratio understates the gap). Company: the demo generator for the first',
    'accounts (orders, credit, popups) and bulk accounts after them, one account heading a 10,000-account downline.',
    '',
    ...table(rows),
    '',
    'p95 of the name searches by kind of query (ms):',
    '',
    `| backend | ${KINDS.join(' | ')} |`,
    `|---|${KINDS.map(() => '---').join('|')}|`,
    ...Object.entries(kinds).map(([b, list]) => {
      const p95 = new Map(list.map((k) => [k.kind, k.p95]));
      return `| ${b} | ${KINDS.map((k) => ms(p95.get(k) ?? null)).join(' | ')} |`;
    }),
  ];
  console.log(lines.slice(2).join('\n'));
  if (opts.write) writeResultsSection(lines);
  const judged = rows.filter((r) => r.pass !== null);
  console.log(
    JSON.stringify({
      bench: 'customers',
      date: startedAt.toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageAtStart: Number(loadAtStart.toFixed(2)),
      quick: opts.quick,
      rows,
      kinds,
      pass: judged.length > 0 && judged.every((r) => r.pass),
    }),
  );
  clearTimeout(watchdog);
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
