// API throughput benchmark. Run: npm run bench:api [-- --quick] [-- --write]
// Starts the app as a child process on a fresh embedded database (and on a fresh PostgreSQL database
// when DATABASE_URL is set), loads a small demo company, signs in as the demo leader, and measures
// a few small reads against a bare Fastify app measured side by side in the same run (both up at
// once, in turns, over several short rounds; each ratio is the median of the rounds'), as a browser
// asks (Accept-Encoding: gzip, deflate, br), with a load generator in its own process (wrk, else
// autocannon in a child process). Then the screens scenario: customer search, order search and
// the customer dashboard at 10 and 50 connections (p50/p99), and the app's memory (RSS idle after
// the demo load, after the load, and at peak). Prints the tables, then one JSON line with every
// figure. --write replaces the "API throughput" section of bench/RESULTS.md.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SESSION_COOKIE } from '@domain/auth/contracts';
import { openDatabase, rows as sqlRows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  assertLocalDatabase,
  exited,
  freePort,
  HOST,
  log,
  median,
  pinnedCores,
  serverArgs,
  nodeChild as spawnNode,
  stopChild,
  tail,
  waitUntilReady,
  writeResultsSection,
} from './harness';
import {
  describeLoadGenerator,
  type LoadGeneratorKind,
  type LoadResult,
  pickLoadGenerator,
  runLoad,
  stopLoad,
} from './load-generator';

const APP_ENV = 'staging';
const LOG_LEVEL = 'info';
const LEADER_EMAIL = 'leader@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo-Password-1';

const USAGE = `Usage: npm run bench:api -- [--quick] [--rounds 5] [--turn 5] [--duration 10] [--connections 50]
                          [--warmup 2] [--accounts 200] [--backends pglite,postgres] [--scenarios api,screens]
                          [--load-generator wrk|autocannon] [--shared-cores] [--write]
  --quick           3 rounds of 2 s turns, and 3 s per screens row (instead of 5 rounds of 5 s, and 10 s)
  --rounds          small reads: rounds per endpoint; each round measures bare Fastify and the app in
                    turn (the order swapped every round), and gives one ratio (default 5)
  --turn            small reads: seconds measured per turn (default 5)
  --duration        screens: seconds measured per row (default 10)
  --connections     concurrent connections for the small reads (default 50)
  --warmup          seconds of load, not measured, on every endpoint before the small reads' first
                    round, and before each screens row (default 2)
  --accounts        demo company size (default 200)
  --backends        which databases (default: pglite, and postgres when DATABASE_URL is set)
  --scenarios       api (small reads against bare Fastify), screens (three screens' calls at 10
                    and 50 connections); default both
  --load-generator  wrk (default when installed) or autocannon (in a child process)
  --shared-cores    let the servers and the load generator share every core (default: with 2+
                    cores and taskset, each server on core 1 and the load generator on core 0)
  --write           replace the "## API throughput" section of bench/RESULTS.md
PostgreSQL: DATABASE_URL must point at a server on this machine; the benchmark creates its own
database there (bench_api_<timestamp>), and drops it at the end. No existing database is touched.`;

type Backend = 'pglite' | 'postgres';

type Auth = 'none' | 'bearer' | 'cookie';

interface Endpoint {
  key: string;
  label: string;
  path: string;
  auth: Auth;
}

const ENDPOINTS: Endpoint[] = [
  { key: 'health', label: 'GET /api/health, no token', path: '/api/health', auth: 'none' },
  { key: 'health_token', label: 'GET /api/health, bearer token', path: '/api/health', auth: 'bearer' },
  { key: 'dashboard', label: 'GET /api/dashboard (cached), bearer', path: '/api/dashboard', auth: 'bearer' },
  {
    key: 'administrators',
    label: 'GET /api/administrators, bearer',
    path: '/api/administrators',
    auth: 'bearer',
  },
  {
    key: 'administrators_cookie',
    label: 'GET /api/administrators, session cookie',
    path: '/api/administrators',
    auth: 'cookie',
  },
];

/** What every request sends, as a browser does: the compressed path is the one measured. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Minimum ratio to bare Fastify: the health check without a token, and the authenticated reads. */
const TARGET_RATIO_PUBLIC = 0.6;
const TARGET_RATIO_AUTH = 0.4;
const TARGET_P99_MS = 20;

/** Screens scenario: the calls of three screens, at these connection counts. */
const SCREEN_CONNECTIONS = [10, 50];
/** Under 10 staff, p99 at most this many times p50. */
const TARGET_SCREEN_SPREAD = 5;
const SCREEN_SAMPLES = 20;

type Scenario = 'api' | 'screens';

interface Options {
  rounds: number;
  turn: number;
  duration: number;
  connections: number;
  warmup: number;
  accounts: number;
  backends: Backend[];
  scenarios: Scenario[];
  loadGenerator: LoadGeneratorKind;
  /** The server's core and the load generator's, or null when they share every core. */
  cores: { server: string; load: string } | null;
  write: boolean;
  databaseUrl: string | undefined;
}

function parseCli(): Options | null {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      turn: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '2' },
      accounts: { type: 'string', default: '200' },
      backends: { type: 'string' },
      scenarios: { type: 'string', default: 'api,screens' },
      'load-generator': { type: 'string' },
      'shared-cores': { type: 'boolean', default: false },
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
  const scenarios = values.scenarios.split(',').map((s) => s.trim());
  for (const s of scenarios) {
    if (s !== 'api' && s !== 'screens') throw new Error(`--scenarios: unknown scenario ${s}`);
  }
  return {
    rounds: whole('rounds', values.rounds ?? (values.quick ? '3' : '5'), 1),
    turn: whole('turn', values.turn ?? (values.quick ? '2' : '5'), 1),
    duration: whole('duration', values.duration ?? (values.quick ? '3' : '10'), 1),
    connections: whole('connections', values.connections, 1),
    warmup: whole('warmup', values.warmup, 0),
    accounts: whole('accounts', values.accounts, 1),
    backends: [...new Set(backends)] as Backend[],
    scenarios: [...new Set(scenarios)] as Scenario[],
    loadGenerator: pickLoadGenerator(values['load-generator']),
    cores: values['shared-cores'] ? null : pinnedCores(),
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
let cleaning: Promise<void> | undefined;
/** Set when a signal or the time limit stops the run: what fails after that is only the stop. */
let interrupted = false;

function nodeChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string | null,
  cpus?: string,
): ChildProcess {
  const child = spawnNode(args, env, logFile, cpus);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopLoad();
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

interface Figures extends LoadResult {
  /** CPU used by the server process during the measured run, % of one core (Linux only). */
  serverCpuPct: number | null;
  /** CPU used by the load generator's process during the measured run, % of one core (Linux only). */
  loadgenCpuPct: number | null;
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

/** CPU seconds of this process's finished (reaped) children: the load generator once it exits. */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** Resident set of a process now and at its peak, MB (Linux only). */
function memoryMb(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
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

async function measure(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  serverPid: number | undefined,
  opts: Options,
  { connections = opts.connections, seconds = opts.duration, warmup = opts.warmup } = {},
): Promise<Figures> {
  const all = { ...BROWSER_HEADERS, ...headers };
  const run = { base, paths, headers: all, connections };
  const cores = opts.cores?.load;
  if (warmup > 0) await runLoad(opts.loadGenerator, { ...run, seconds: warmup }, cores);
  const cpu0 = cpuSeconds(serverPid);
  const all0 = machineBusySeconds();
  const kids0 = childrenCpuSeconds();
  const t0 = performance.now();
  const r = await runLoad(opts.loadGenerator, { ...run, seconds }, cores);
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = cpuSeconds(serverPid);
  const all1 = machineBusySeconds();
  const kids1 = childrenCpuSeconds();
  const server = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
  const loadgen = kids0 === null || kids1 === null ? null : kids1 - kids0;
  const other =
    server === null || loadgen === null || all0 === null || all1 === null
      ? null
      : all1 - all0 - server - loadgen;
  const percent = (seconds: number) => Math.round((seconds / wall) * 100);
  return {
    ...r,
    serverCpuPct: server === null ? null : percent(server),
    loadgenCpuPct: loadgen === null ? null : percent(loadgen),
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
async function startBare(opts: Options): Promise<Bare> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.DATABASE_URL;
  const child = nodeChild(['bench/bare-fastify.ts'], env, null, opts.cores?.server);
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

/**
 * A small read measured side by side with bare Fastify: the figures are the medians over the
 * rounds (errors and non-2xx are summed), the ratio the median of the rounds' own ratios.
 */
interface Row extends Figures {
  backend: Backend;
  endpoint: string;
  label: string;
  /** bare Fastify's median req/s over the same rounds. */
  bareReqPerSec: number;
  ratio: number;
  /** The lowest and highest of the rounds' ratios. */
  ratioMin: number;
  ratioMax: number;
  rounds: number;
  target: { minRatio: number; maxP99Ms: number; errors: 0 } | null;
  pass: boolean | null;
  failures: string[];
}

async function runBackend(backend: Backend, bareServer: Bare, opts: Options): Promise<BackendResult> {
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

  const samples = await screenSamples(env);

  const port = await freePort();
  const serverLog = join(work, 'server.log');
  const server = nodeChild(serverArgs(), { ...env, PORT: String(port) }, serverLog, opts.cores?.server);
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
    const authHeaders: Record<Auth, Record<string, string>> = {
      none: {},
      bearer: { authorization: `Bearer ${body.token}` },
      cookie: { cookie: `${SESSION_COOKIE}=${body.token}` },
    };

    // One checked request per endpoint first: the load must hit working routes, not a stream of 401s.
    const check = async (path: string, auth: Auth, label: string) => {
      const res = await fetch(`${base}${path}`, {
        headers: { ...BROWSER_HEADERS, ...authHeaders[auth] },
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== 200) {
        throw new Error(`${label}: status ${res.status} before the load: ${await res.text()}`);
      }
    };
    for (const endpoint of ENDPOINTS) await check(endpoint.path, endpoint.auth, endpoint.label);
    for (const screen of SCREENS) for (const path of samples[screen.key]) await check(path, 'bearer', path);
    // Settled after start-up, sign-in and one request of each kind: what the app holds idle.
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = memoryMb(server.pid);

    const rows: Row[] = [];
    if (opts.scenarios.includes('api')) {
      // Every endpoint is loaded once, unmeasured, before the first round: the app has only
      // answered a handful of requests since it started, and its first row was measured on code
      // the JIT had not yet optimised (p99 117 ms against 6.5 ms for the next row, same run), while
      // bare Fastify, up for the whole run, was measured warm.
      if (opts.warmup > 0) {
        log(`${backend}: warming up every endpoint (${opts.warmup} s each, not measured)…`);
        for (const endpoint of ENDPOINTS) {
          await runLoad(
            opts.loadGenerator,
            {
              base,
              paths: [endpoint.path],
              headers: { ...BROWSER_HEADERS, ...authHeaders[endpoint.auth] },
              connections: opts.connections,
              seconds: opts.warmup,
            },
            opts.cores?.load,
          );
        }
      }
      // Side by side: bare Fastify and the app are both up, and each round measures one and then
      // the other for a short turn, the order swapped every round. The speed of these shared
      // cores drifts by a quarter within minutes; a ratio taken from two turns seconds apart sees
      // the same machine, and the median of several rounds is what one drifting round cannot move.
      const turn = { seconds: opts.turn, warmup: 0 };
      const bareTurn = async () => {
        const bare = await measure(
          `http://${HOST}:${bareServer.port}`,
          ['/'],
          {},
          bareServer.child.pid,
          opts,
          turn,
        );
        if (bareServer.child.exitCode !== null || bareServer.child.signalCode !== null) {
          throw new Error('bare Fastify exited during the load');
        }
        return bare;
      };
      const appTurn = async (endpoint: Endpoint) => {
        const figures = await measure(
          base,
          [endpoint.path],
          authHeaders[endpoint.auth],
          server.pid,
          opts,
          turn,
        );
        if (server.exitCode !== null || server.signalCode !== null) {
          throw new Error(`The app exited during the load:\n${tail(serverLog)}`);
        }
        return figures;
      };
      const bareAll: Figures[] = [];
      for (const endpoint of ENDPOINTS) {
        log(
          `${backend}: ${endpoint.label} beside bare Fastify, ${opts.rounds} rounds of ${opts.turn} s turns…`,
        );
        const bares: Figures[] = [];
        const apps: Figures[] = [];
        const ratios: number[] = [];
        for (let round = 0; round < opts.rounds; round++) {
          let bare: Figures;
          let app: Figures;
          if (round % 2 === 0) {
            bare = await bareTurn();
            app = await appTurn(endpoint);
          } else {
            app = await appTurn(endpoint);
            bare = await bareTurn();
          }
          bares.push(bare);
          apps.push(app);
          ratios.push(bare.reqPerSec > 0 ? app.reqPerSec / bare.reqPerSec : 0);
          log(`  round ${round + 1}: ${app.reqPerSec} ÷ ${bare.reqPerSec} req/s = ${pct(ratios.at(-1)!)}`);
        }
        bareAll.push(...bares);
        const figures = medianFigures(apps);
        const ratio = median(ratios);
        const target = {
          minRatio: endpoint.auth === 'none' ? TARGET_RATIO_PUBLIC : TARGET_RATIO_AUTH,
          maxP99Ms: TARGET_P99_MS,
          errors: 0 as const,
        };
        const failures: string[] = [];
        if (ratio < target.minRatio) failures.push('ratio');
        if (!(figures.p99Ms < target.maxP99Ms)) failures.push('p99');
        if (figures.errors + figures.non2xx > 0) failures.push('errors');
        rows.push({
          backend,
          endpoint: endpoint.key,
          label: endpoint.label,
          ...figures,
          bareReqPerSec: medianFigures(bares).reqPerSec,
          ratio: Number(ratio.toFixed(4)),
          ratioMin: Number(Math.min(...ratios).toFixed(4)),
          ratioMax: Number(Math.max(...ratios).toFixed(4)),
          rounds: opts.rounds,
          target,
          pass: failures.length === 0,
          failures,
        });
        log(
          `  median ${pct(ratio)} of bare (${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}), p99 ${figures.p99Ms} ms`,
        );
      }
      const bare = medianFigures(bareAll);
      rows.unshift({
        backend,
        endpoint: 'bare',
        label: 'bare Fastify GET /',
        ...bare,
        bareReqPerSec: bare.reqPerSec,
        ratio: 1,
        ratioMin: 1,
        ratioMax: 1,
        rounds: bareAll.length,
        target: null,
        pass: null,
        failures: [],
      });
    }

    const screens: ScreenRow[] = [];
    if (opts.scenarios.includes('screens')) {
      for (const screen of SCREENS) {
        for (const connections of SCREEN_CONNECTIONS) {
          log(`${backend}: measuring ${screen.label} at ${connections} connections…`);
          const f = await measure(base, samples[screen.key], authHeaders.bearer, server.pid, opts, {
            connections,
          });
          if (server.exitCode !== null || server.signalCode !== null) {
            throw new Error(`The app exited during the load:\n${tail(serverLog)}`);
          }
          const spread = f.p50Ms > 0 ? f.p99Ms / f.p50Ms : 0;
          const judged = connections <= 10;
          const failures: string[] = [];
          if (judged && spread > TARGET_SCREEN_SPREAD) failures.push('p99/p50');
          if (f.errors > 0 || f.non2xx - f.shed > 0) failures.push('errors');
          if (f.requests === 0) failures.push('no answer within the run');
          screens.push({
            backend,
            screen: screen.key,
            label: screen.label,
            connections,
            ...f,
            spread: Number(spread.toFixed(2)),
            pass: judged ? failures.length === 0 : null,
            failures,
          });
          log(`  ${f.reqPerSec} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, 503 ${f.shed}`);
        }
      }
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const after = memoryMb(server.pid);
    const memory: MemoryFigures = {
      backend,
      idleMb: idle?.rssMb ?? null,
      afterLoadMb: after?.rssMb ?? null,
      peakMb: after?.peakMb ?? null,
    };
    log(
      `${backend}: RSS idle ${memory.idleMb} MB, after the load ${memory.afterLoadMb} MB, peak ${memory.peakMb} MB`,
    );
    return { rows, screens, memory };
  } finally {
    await stopChild(server);
  }
}

interface ScreenDef {
  key: 'customerSearch' | 'orderSearch' | 'customerDashboard';
  label: string;
}
const SCREENS: ScreenDef[] = [
  { key: 'customerSearch', label: 'customer search, GET /api/customers?q=<last name>' },
  { key: 'orderSearch', label: 'order search, GET /api/cs/orders/?lastName=…&dateFrom=…&dateTo=…' },
  { key: 'customerDashboard', label: 'customer dashboard, GET /api/customers/{uid}/dashboard' },
];

/**
 * The paths the screens scenario sends, drawn from the demo company before the app starts (PGlite
 * allows one process per data directory): customers who have orders, their last names, and a
 * 90-day window around one of their orders.
 */
async function screenSamples(env: NodeJS.ProcessEnv): Promise<Record<ScreenDef['key'], string[]>> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
  );
  try {
    const found = await sqlRows<{ uid: string; last_name: string; day: string }>(
      database.db,
      sql`select distinct on (customer_uid) customer_uid as uid, customer_last_name as last_name,
                 to_char(date_created_utc, 'YYYY-MM-DD') as day
            from orders where customer_uid is not null
           order by customer_uid, date_created_utc desc limit ${SCREEN_SAMPLES}`,
    );
    if (found.length === 0) throw new Error('The demo company has no orders to search for');
    const shift = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const enc = encodeURIComponent;
    return {
      customerSearch: found.map((r) => `/api/customers?q=${enc(r.last_name)}`),
      orderSearch: found.map(
        (r) =>
          `/api/cs/orders/?lastName=${enc(r.last_name)}&dateFrom=${shift(r.day, -60)}&dateTo=${shift(r.day, 30)}`,
      ),
      customerDashboard: found.map((r) => `/api/customers/${r.uid}/dashboard`),
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

interface ScreenRow extends Figures {
  backend: Backend;
  screen: string;
  label: string;
  connections: number;
  /** p99 ÷ p50. */
  spread: number;
  pass: boolean | null;
  failures: string[];
}

interface MemoryFigures {
  backend: Backend;
  idleMb: number | null;
  afterLoadMb: number | null;
  peakMb: number | null;
}

interface BackendResult {
  rows: Row[];
  screens: ScreenRow[];
  memory: MemoryFigures;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** Several turns' figures as one: the median of each rate, latency and CPU share; counts summed. */
function medianFigures(turns: Figures[]): Figures {
  const m = (pick: (f: Figures) => number) => Number(median(turns.map(pick)).toFixed(2));
  const cpu = (pick: (f: Figures) => number | null) => {
    const known = turns.map(pick).filter((v): v is number => v !== null);
    return known.length ? Math.round(median(known)) : null;
  };
  const sum = (pick: (f: Figures) => number) => turns.reduce((total, f) => total + pick(f), 0);
  return {
    reqPerSec: Math.round(median(turns.map((f) => f.reqPerSec))),
    p50Ms: m((f) => f.p50Ms),
    p99Ms: m((f) => f.p99Ms),
    requests: sum((f) => f.requests),
    errors: sum((f) => f.errors),
    timeouts: sum((f) => f.timeouts),
    non2xx: sum((f) => f.non2xx),
    shed: sum((f) => f.shed),
    serverCpuPct: cpu((f) => f.serverCpuPct),
    loadgenCpuPct: cpu((f) => f.loadgenCpuPct),
    otherCpuPct: cpu((f) => f.otherCpuPct),
  };
}
const dash = (v: number | null) => (v === null ? '–' : `${v}%`);
const cpuText = (f: Figures) => [f.serverCpuPct, f.loadgenCpuPct, f.otherCpuPct].map(dash).join(' / ');

function table(rows: Row[]): string[] {
  const lines = [
    '| backend | endpoint | req/s | bare req/s, same rounds | ratio to bare (median, range) | p50 ms | p99 ms | errors | non-2xx | CPU server / load gen / rest | target | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const target = r.target ? `≥ ${pct(r.target.minRatio)}, p99 < ${r.target.maxP99Ms} ms, 0 errors` : '–';
    const result = r.pass === null ? '–' : r.pass ? 'pass' : `FAIL (${r.failures.join(', ')})`;
    lines.push(
      `| ${r.backend} | ${r.label} | ${r.reqPerSec} | ${r.bareReqPerSec} | ${r.target ? `${pct(r.ratio)} (${pct(r.ratioMin)}–${pct(r.ratioMax)})` : pct(r.ratio)} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${cpuText(r)} | ${target} | ${result} |`,
    );
  }
  return lines;
}

function screensTable(rows: ScreenRow[]): string[] {
  const lines = [
    '| backend | screen call | connections | req/s | p50 ms | p99 ms | p99 ÷ p50 | errors | 503 (queue full) | other non-2xx | CPU server / load gen / rest | target | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const target = r.pass === null ? '0 errors' : `p99 ≤ ${TARGET_SCREEN_SPREAD}× p50, 0 errors`;
    const result = r.failures.length === 0 ? 'pass' : `FAIL (${r.failures.join(', ')})`;
    lines.push(
      `| ${r.backend} | ${r.label} | ${r.connections} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.spread} | ${r.errors} | ${r.shed} | ${r.non2xx - r.shed} | ${cpuText(r)} | ${target} | ${result} |`,
    );
  }
  return lines;
}

function memoryTable(rows: MemoryFigures[]): string[] {
  const mb = (v: number | null) => (v === null ? '–' : `${v} MB`);
  return [
    '| backend | RSS idle after the demo load | RSS after the load | peak RSS | target idle ≤ 300 MB |',
    '|---|---|---|---|---|',
    ...rows.map(
      (m) =>
        `| ${m.backend} | ${mb(m.idleMb)} | ${mb(m.afterLoadMb)} | ${mb(m.peakMb)} | ${m.idleMb === null ? '–' : m.idleMb <= 300 ? 'pass' : 'FAIL'} |`,
    ),
  ];
}

function describe(opts: Options, rows: Row[], screens: ScreenRow[], load: number[]): string[] {
  const cpu = `${cpus()[0]?.model?.trim() ?? 'unknown CPU'} (${cpus().length} cores)`;
  const judged = [...rows, ...screens].filter((r) => r.pass !== null);
  const passed = judged.filter((r) => r.pass === true).length;
  return [
    `Load: ${describeLoadGenerator(opts.loadGenerator, opts.cores?.load)}, ${opts.connections} connections for the small reads,`,
    `every endpoint loaded ${opts.warmup} s, unmeasured, before the first round; ${opts.rounds} rounds of ${opts.turn} s turns per small read; the screens`,
    `${opts.duration} s measured per row after a ${opts.warmup} s warm-up; every request sends Accept-Encoding: gzip, deflate, br`,
    '(as a browser does: answers of 1 KiB or more come compressed). req/s is requests ÷ the measured seconds.',
    `Machine: ${cpu}, Node ${process.version}.`,
    opts.cores
      ? `Cores: each server (bare Fastify, the app) on core ${opts.cores.server} and the load generator on core ${opts.cores.load} (taskset), so neither takes the other's core; PostgreSQL runs where the system puts it.`
      : 'Cores: shared (--shared-cores): the load generator shares every core with the app (and with PostgreSQL), so every figure, the baseline included, is also bounded by it.',
    `App: \`node --no-liftoff dist/server/main.js\` (the built server, as \`npm start\` runs it), APP_ENV=${APP_ENV} (production refuses demo staff), LOG_LEVEL=${LOG_LEVEL}`,
    `(request logs to a file), WORKERS=off; fresh database with a demo company of ${opts.accounts} accounts; signed in as`,
    `${LEADER_EMAIL} with a bearer token or its session cookie. PGlite in a temporary DATA_DIR; PostgreSQL in a database created for the run.`,
    'Baseline: bench/bare-fastify.ts, Fastify defaults (no logger), GET / answering {success:true}, up for the whole run.',
    `Side by side: for each small read, ${opts.rounds} rounds, each measuring bare Fastify and the app in turn (the order swapped`,
    "every round); a round's ratio is the app's req/s ÷ bare's, the row's ratio the median of its rounds' (their range in",
    'brackets), its other figures the medians of its turns. The bare row: the medians of every bare turn of the backend.',
    `Targets: GET /api/health without a token ≥ ${pct(TARGET_RATIO_PUBLIC)} of bare, the authenticated small reads ≥ ${pct(TARGET_RATIO_AUTH)} on both`,
    `backends; p99 < ${TARGET_P99_MS} ms, 0 errors and 0 non-2xx. Screens: each call rotates over ${SCREEN_SAMPLES} customers of the company;`,
    `at 10 connections p99 ≤ ${TARGET_SCREEN_SPREAD}× p50; 503 is the embedded database's full queue (a clear answer with Retry-After).`,
    'CPU: % of one core used during the measured run by the server, the load generator, and the rest of the',
    'machine (PostgreSQL, and anything else running: noise).',
    `Load average (1, 5, 15 min) when the run started: ${load.map((l) => l.toFixed(2)).join(', ')} on ${cpus().length} cores${(load[0] ?? 0) > cpus().length ? ' (a busy machine: expect noisy figures)' : ''}.`,
    `Result: ${passed} of ${judged.length} targeted rows pass.`,
  ];
}

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) return 0;
  // Bound the whole run: start-ups, seeding and every load run, with room to spare.
  const api = opts.scenarios.includes('api')
    ? ENDPOINTS.length * (opts.warmup + 15 + opts.rounds * 2 * (opts.turn + 15))
    : 0;
  const screensSeconds = opts.scenarios.includes('screens')
    ? SCREENS.length * SCREEN_CONNECTIONS.length * (opts.warmup + opts.duration + 15)
    : 0;
  const budgetMs = (120 + opts.backends.length * (420 + api + screensSeconds)) * 1000;
  const watchdog = setTimeout(() => {
    interrupted = true;
    log(`The benchmark exceeded its ${Math.round(budgetMs / 1000)} s time limit: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs);
  try {
    const startedAt = new Date();
    const loadAtStart = loadavg();
    if (opts.backends.includes('postgres')) await checkPostgres(opts.databaseUrl!);
    const bare = await startBare(opts);
    const rows: Row[] = [];
    const screens: ScreenRow[] = [];
    const memory: MemoryFigures[] = [];
    for (const backend of opts.backends) {
      const r = await runBackend(backend, bare, opts);
      rows.push(...r.rows);
      screens.push(...r.screens);
      memory.push(r.memory);
    }
    bare.child.stdin?.end();
    await stopChild(bare.child);
    const loadAtEnd = loadavg();

    const args = process.argv.slice(2).filter((a) => a !== '--write');
    const command = `npm run bench:api${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const lines = [
      '## API throughput',
      '',
      `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 10)}.`,
      ...describe(opts, rows, screens, loadAtStart),
      `Load average (1, 5, 15 min) when it ended: ${loadAtEnd.map((l) => l.toFixed(2)).join(', ')}.`,
      '',
      ...(rows.length ? [...table(rows), ''] : []),
      ...(screens.length ? [...screensTable(screens), ''] : []),
      ...memoryTable(memory),
    ];
    console.log(lines.slice(2).join('\n'));
    if (opts.write) writeResultsSection(lines);
    const judged = [...rows, ...screens].filter((r) => r.pass !== null);
    console.log(
      JSON.stringify({
        bench: 'api',
        date: startedAt.toISOString(),
        node: process.version,
        cpus: cpus().length,
        connections: opts.connections,
        rounds: opts.rounds,
        turnSeconds: opts.turn,
        durationSeconds: opts.duration,
        warmupSeconds: opts.warmup,
        appEnv: APP_ENV,
        logLevel: LOG_LEVEL,
        accounts: opts.accounts,
        loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
        loadAverageAtEnd: loadAtEnd.map((l) => Number(l.toFixed(2))),
        loadGenerator: describeLoadGenerator(opts.loadGenerator, opts.cores?.load),
        cores: opts.cores,
        acceptEncoding: BROWSER_HEADERS['accept-encoding'],
        rows,
        screens,
        memory,
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
