// API throughput benchmark. Run: npm run bench:api [-- --quick] [-- --write]
// Starts the app as a child process on a fresh embedded database (and on a fresh PostgreSQL database
// when DATABASE_URL is set), loads a small demo company, signs in as the demo leader, and measures
// a few small reads with autocannon against a bare Fastify app measured in the same run. Prints a
// table with the ratios to bare Fastify and the targets, then one JSON line with every figure.
// --write replaces the "API throughput" section of bench/RESULTS.md.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  assertLocalDatabase,
  exited,
  freePort,
  HOST,
  log,
  nodeChild as spawnNode,
  stopChild,
  tail,
  waitUntilReady,
  writeResultsSection,
} from './harness';

const APP_ENV = 'staging';
const LOG_LEVEL = 'info';
const LEADER_EMAIL = 'leader@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo-Password-1';

const USAGE = `Usage: npm run bench:api -- [--quick] [--duration 10] [--connections 50] [--warmup 2]
                          [--accounts 200] [--backends pglite,postgres] [--write]
  --quick        3 s measured per endpoint (instead of 10 s)
  --duration     seconds measured per endpoint (default 10)
  --connections  concurrent connections (default 50)
  --warmup       seconds of discarded load before each measured run (default 2)
  --accounts     demo company size (default 200)
  --backends     which databases (default: pglite, and postgres when DATABASE_URL is set)
  --write        replace the "## API throughput" section of bench/RESULTS.md
PostgreSQL: DATABASE_URL must point at a server on this machine; the benchmark creates its own
database there (bench_api_<timestamp>), and drops it at the end. No existing database is touched.`;

type Backend = 'pglite' | 'postgres';

interface Endpoint {
  key: string;
  label: string;
  path: string;
  auth: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { key: 'health', label: 'GET /api/health, no token', path: '/api/health', auth: false },
  { key: 'health_token', label: 'GET /api/health, bearer token', path: '/api/health', auth: true },
  { key: 'dashboard', label: 'GET /api/dashboard (cached)', path: '/api/dashboard', auth: true },
  { key: 'administrators', label: 'GET /api/administrators', path: '/api/administrators', auth: true },
];

/** Minimum ratio to bare Fastify for the authenticated small reads, per backend. */
const TARGET_RATIO: Record<Backend, number> = { postgres: 0.25, pglite: 0.1 };
const TARGET_P99_MS = 100;

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  accounts: number;
  backends: Backend[];
  write: boolean;
  databaseUrl: string | undefined;
}

function parseCli(): Options | null {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '2' },
      accounts: { type: 'string', default: '200' },
      backends: { type: 'string' },
      write: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const whole = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number ≥ ${min}, got ${raw}`);
    return n;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const backends = (values.backends ?? (databaseUrl ? 'pglite,postgres' : 'pglite'))
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  for (const b of backends) {
    if (b !== 'pglite' && b !== 'postgres') throw new Error(`--backends: unknown backend ${b}`);
  }
  if (backends.includes('postgres') && !databaseUrl)
    throw new Error('--backends postgres needs DATABASE_URL');
  if (databaseUrl && backends.includes('postgres')) assertLocalDatabase(databaseUrl);
  return {
    duration: whole('duration', values.duration ?? (values.quick ? '3' : '10'), 1),
    connections: whole('connections', values.connections, 1),
    warmup: whole('warmup', values.warmup, 0),
    accounts: whole('accounts', values.accounts, 1),
    backends: [...new Set(backends)] as Backend[],
    write: values.write,
    databaseUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// Everything the run starts, so that it is always undone: on success, on error, on Ctrl-C, and
// when the overall time limit is reached.

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const databases: { adminUrl: string; name: string }[] = [];
let currentLoad: autocannon.Instance | undefined;
let cleaning: Promise<void> | undefined;
/** Set when a signal or the time limit stops the run: what fails after that is only the stop. */
let interrupted = false;

function nodeChild(args: string[], env: NodeJS.ProcessEnv, logFile: string | null): ChildProcess {
  const child = spawnNode(args, env, logFile);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    currentLoad?.stop();
    await Promise.all([...children].map(stopChild));
    for (const { adminUrl, name } of databases.splice(0)) {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      try {
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        log(`Dropped database ${name}.`);
      } catch (err) {
        log(`Could not drop database ${name}: ${(err as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Last resort when the process exits some other way: nothing may outlive it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`\n${signal}: stopping the benchmark…`);
    void cleanup().finally(() => process.exit(128 + constants.signals[signal]));
  });
}

process.once('uncaughtException', (err) => {
  console.error(err);
  void cleanup().finally(() => process.exit(1));
});

// ---------------------------------------------------------------------------------------------
// Load

interface Figures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU used by the server process during the measured run, % of one core (Linux only). */
  serverCpuPct: number | null;
  /** CPU used by this process (the load generator) during the measured run, % of one core. */
  loadgenCpuPct: number;
  /**
   * CPU used by everything else on the machine during the measured run, % of one core (Linux only):
   * PostgreSQL's processes, and whatever else runs beside the benchmark (noise).
   */
  otherCpuPct: number | null;
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** User + system CPU seconds of a process, from /proc (null where there is no /proc). */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat (null where there is none). */
function machineBusySeconds(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, v) => sum + (v ?? 0), 0);
    return Number.isFinite(busy) ? busy / CLK_TCK : null;
  } catch {
    return null;
  }
}

function runLoad(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    currentLoad = autocannon(
      { url, headers, connections, duration: seconds, pipelining: 1, timeout: 10 },
      (err, result) => {
        currentLoad = undefined;
        if (err) fail(err);
        else done(result);
      },
    );
  });
}

async function measure(
  url: string,
  headers: Record<string, string>,
  serverPid: number | undefined,
  opts: Options,
): Promise<Figures> {
  if (opts.warmup > 0) await runLoad(url, headers, opts.warmup, opts.connections);
  const cpu0 = cpuSeconds(serverPid);
  const all0 = machineBusySeconds();
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runLoad(url, headers, opts.duration, opts.connections);
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = cpuSeconds(serverPid);
  const all1 = machineBusySeconds();
  const own = process.cpuUsage(own0);
  const server = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
  const loadgen = (own.user + own.system) / 1e6;
  const other = server === null || all0 === null || all1 === null ? null : all1 - all0 - server - loadgen;
  const percent = (seconds: number) => Math.round((seconds / wall) * 100);
  return {
    reqPerSec: Math.round(r.requests.mean),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    serverCpuPct: server === null ? null : percent(server),
    loadgenCpuPct: percent(loadgen),
    otherCpuPct: other === null ? null : Math.max(0, percent(other)),
  };
}

// ---------------------------------------------------------------------------------------------
// Bare Fastify and the app

interface Bare {
  port: number;
  child: ChildProcess;
}

/** Starts bench/bare-fastify.ts; it stays up for the whole run and is measured beside each backend. */
async function startBare(): Promise<Bare> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.DATABASE_URL;
  const child = nodeChild(['bench/bare-fastify.ts'], env, null);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('bare Fastify did not start within 30 s')), 30_000);
    let buffered = '';
    child.stdout?.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        done(Number(JSON.parse(line).port));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`bare Fastify exited (code ${code}): ${stderr}`));
    });
  });
  return { port, child };
}

/** Fails early, before any load, when the PostgreSQL server cannot be reached. */
async function checkPostgres(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(`Cannot reach PostgreSQL at DATABASE_URL: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

interface Row extends Figures {
  backend: Backend;
  endpoint: string;
  label: string;
  ratio: number;
  target: { minRatio: number; maxP99Ms: number; errors: 0 } | null;
  pass: boolean | null;
  failures: string[];
}

async function runBackend(backend: Backend, bareServer: Bare, opts: Options): Promise<Row[]> {
  const work = mkdtempSync(join(tmpdir(), `bench-api-${backend}-`));
  tempDirs.push(work);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV,
    LOG_LEVEL,
    WORKERS: 'off',
    HOST,
    DEMO_PASSWORD,
    DATA_DIR: join(work, 'data'),
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  if (backend === 'postgres') {
    const adminUrl = opts.databaseUrl!;
    const name = `bench_api_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
      databases.push({ adminUrl, name });
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    log(`postgres: created database ${name} on ${url.host}`);
  }

  const seedLog = join(work, 'seed.log');
  log(`${backend}: loading a demo company of ${opts.accounts} accounts…`);
  const t = Date.now();
  const seed = nodeChild(['scripts/seed.ts', '--accounts', String(opts.accounts)], env, seedLog);
  const seedTimer = setTimeout(() => seed.kill('SIGKILL'), 300_000);
  const seedCode = await exited(seed);
  clearTimeout(seedTimer);
  if (seedCode !== 0) throw new Error(`Seeding failed (code ${seedCode}):\n${tail(seedLog)}`);
  log(`  loaded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const serverLog = join(work, 'server.log');
  const server = nodeChild(['src/server/server.ts'], { ...env, PORT: String(port) }, serverLog);
  const base = `http://${HOST}:${port}`;
  try {
    await waitUntilReady(`${base}/api/health`, server, serverLog, 120_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: LEADER_EMAIL, password: DEMO_PASSWORD }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await login.json()) as { token?: string };
    if (!login.ok || !body.token)
      throw new Error(`Sign-in failed (${login.status}): ${JSON.stringify(body)}`);
    const bearer = { authorization: `Bearer ${body.token}` };

    // One checked request per endpoint first: the load must hit working routes, not a stream of 401s.
    for (const endpoint of ENDPOINTS) {
      const check = await fetch(`${base}${endpoint.path}`, {
        headers: endpoint.auth ? bearer : {},
        signal: AbortSignal.timeout(30_000),
      });
      if (check.status !== 200) {
        throw new Error(`${endpoint.label}: status ${check.status} before the load: ${await check.text()}`);
      }
    }

    // The baseline is measured right beside this backend's endpoints (the app idles meanwhile),
    // so that both see the same state of the machine.
    log(`${backend}: measuring bare Fastify GET / (127.0.0.1:${bareServer.port})…`);
    const bare = await measure(`http://${HOST}:${bareServer.port}/`, {}, bareServer.child.pid, opts);
    if (bareServer.child.exitCode !== null || bareServer.child.signalCode !== null) {
      throw new Error('bare Fastify exited during the load');
    }
    log(`  ${bare.reqPerSec} req/s, p99 ${bare.p99Ms} ms`);
    const rows: Row[] = [
      {
        backend,
        endpoint: 'bare',
        label: 'bare Fastify GET /',
        ...bare,
        ratio: 1,
        target: null,
        pass: null,
        failures: [],
      },
    ];
    for (const endpoint of ENDPOINTS) {
      const url = `${base}${endpoint.path}`;
      const headers = endpoint.auth ? bearer : {};
      log(`${backend}: measuring ${endpoint.label}…`);
      const figures = await measure(url, headers, server.pid, opts);
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`The app exited during the load:\n${tail(serverLog)}`);
      }
      const ratio = bare.reqPerSec > 0 ? figures.reqPerSec / bare.reqPerSec : 0;
      const target = endpoint.auth
        ? { minRatio: TARGET_RATIO[backend], maxP99Ms: TARGET_P99_MS, errors: 0 as const }
        : null;
      const failures: string[] = [];
      if (target) {
        if (ratio < target.minRatio) failures.push('ratio');
        if (!(figures.p99Ms < target.maxP99Ms)) failures.push('p99');
        if (figures.errors + figures.non2xx > 0) failures.push('errors');
      }
      rows.push({
        backend,
        endpoint: endpoint.key,
        label: endpoint.label,
        ...figures,
        ratio: Number(ratio.toFixed(4)),
        target,
        pass: target ? failures.length === 0 : null,
        failures,
      });
      log(`  ${figures.reqPerSec} req/s (${pct(ratio)} of bare), p99 ${figures.p99Ms} ms`);
    }
    return rows;
  } finally {
    await stopChild(server);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const cpuText = (f: Figures) =>
  [f.serverCpuPct, f.loadgenCpuPct, f.otherCpuPct].map((v) => (v === null ? '–' : `${v}%`)).join(' / ');

function table(rows: Row[]): string[] {
  const lines = [
    '| backend | endpoint | req/s | ratio to bare | p50 ms | p99 ms | errors | non-2xx | CPU server / load gen / rest | target | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const target = r.target ? `≥ ${pct(r.target.minRatio)}, p99 < ${r.target.maxP99Ms} ms, 0 errors` : '–';
    const result = r.pass === null ? '–' : r.pass ? 'pass' : `FAIL (${r.failures.join(', ')})`;
    lines.push(
      `| ${r.backend} | ${r.label} | ${r.reqPerSec} | ${pct(r.ratio)} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${cpuText(r)} | ${target} | ${result} |`,
    );
  }
  return lines;
}

function describe(opts: Options, rows: Row[], loadAtStart: number): string[] {
  const cpu = `${cpus()[0]?.model?.trim() ?? 'unknown CPU'} (${cpus().length} cores)`;
  const passed = rows.filter((r) => r.pass === true).length;
  const judged = rows.filter((r) => r.pass !== null).length;
  return [
    `Load: autocannon 8 (a Node load generator, used instead of wrk), ${opts.connections} connections, pipelining 1,`,
    `${opts.duration} s measured per endpoint after a ${opts.warmup} s warm-up; req/s is the mean of the per-second counts.`,
    `Machine: ${cpu}, Node ${process.version}. The load generator runs in the benchmark process and shares`,
    'these cores with the app (and with PostgreSQL), so every figure, the baseline included, is also bounded by it.',
    `App: \`node --import tsx src/server/server.ts\`, APP_ENV=${APP_ENV} (production refuses demo staff), LOG_LEVEL=${LOG_LEVEL}`,
    `(request logs to a file), WORKERS=off; fresh database with a demo company of ${opts.accounts} accounts; signed in as`,
    `${LEADER_EMAIL} with a bearer token. PGlite in a temporary DATA_DIR; PostgreSQL in a database created for the run.`,
    'Baseline: bench/bare-fastify.ts, Fastify defaults (no logger), GET / answering {success:true}, measured in the same',
    "run just before each backend's endpoints; each ratio is req/s ÷ the bare req/s of the same backend block.",
    `Targets for the authenticated small reads: ratio ≥ ${pct(TARGET_RATIO.postgres)} on PostgreSQL, ≥ ${pct(TARGET_RATIO.pglite)} on PGlite,`,
    `p99 < ${TARGET_P99_MS} ms, 0 errors and 0 non-2xx. CPU: % of one core used during the measured run by the server,`,
    'the load generator, and the rest of the machine (PostgreSQL, and anything else running: noise).',
    `Load average (1 min) when the run started: ${loadAtStart.toFixed(2)} on ${cpus().length} cores${loadAtStart > cpus().length ? ' (a busy machine: expect noisy figures)' : ''}.`,
    `Result: ${passed} of ${judged} targeted rows pass.`,
  ];
}

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) return 0;
  // Bound the whole run: start-ups, seeding and every load run, with room to spare.
  const perLoad = opts.warmup + opts.duration + 15;
  const budgetMs = (120 + opts.backends.length * (420 + (ENDPOINTS.length + 1) * perLoad)) * 1000;
  const watchdog = setTimeout(() => {
    interrupted = true;
    log(`The benchmark exceeded its ${Math.round(budgetMs / 1000)} s time limit: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs);
  try {
    const startedAt = new Date();
    const loadAtStart = loadavg()[0] ?? 0;
    if (opts.backends.includes('postgres')) await checkPostgres(opts.databaseUrl!);
    const bare = await startBare();
    const rows: Row[] = [];
    for (const backend of opts.backends) rows.push(...(await runBackend(backend, bare, opts)));
    bare.child.stdin?.end();
    await stopChild(bare.child);

    const args = process.argv.slice(2).filter((a) => a !== '--write');
    const command = `npm run bench:api${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const lines = [
      '## API throughput',
      '',
      `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 10)}.`,
      ...describe(opts, rows, loadAtStart),
      '',
      ...table(rows),
    ];
    console.log(lines.slice(2).join('\n'));
    if (opts.write) writeResultsSection(lines);
    const judged = rows.filter((r) => r.pass !== null);
    console.log(
      JSON.stringify({
        bench: 'api',
        date: startedAt.toISOString(),
        node: process.version,
        cpus: cpus().length,
        connections: opts.connections,
        durationSeconds: opts.duration,
        warmupSeconds: opts.warmup,
        appEnv: APP_ENV,
        logLevel: LOG_LEVEL,
        accounts: opts.accounts,
        loadAverageAtStart: Number(loadAtStart.toFixed(2)),
        loadGenerator: 'autocannon (in the benchmark process, sharing the cores)',
        rows,
        pass: judged.length > 0 && judged.every((r) => r.pass),
      }),
    );
    return 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (!interrupted) console.error(err instanceof Error ? err.message : err);
    void cleanup().finally(() => process.exit(1));
  },
);
