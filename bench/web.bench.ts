// Web delivery benchmark. Run: npm run bench:web [-- --runs 3] [-- --build] [-- --write]
// Starts the app the way `npm start` does (scripts/start.ts: builds the web app when its sources
// changed, migrates, loads a small demo company into a temporary embedded database, serves), then
// loads the login page and the signed-in dashboard in Chromium, each with an empty cache, and
// measures what travels: JavaScript over the wire (encoded bodies), everything over the wire,
// requests, the largest script, and the Largest Contentful Paint. Prints a table with the targets,
// then one JSON line with every figure. --write replaces the "Web delivery" section of
// bench/RESULTS.md.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { constants, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from '@playwright/test';
import {
  freePort,
  HOST,
  log,
  nodeChild,
  ROOT,
  stopChild,
  tail,
  waitUntilReady,
  writeResultsSection,
} from './harness';

const APP_ENV = 'staging';
const LEADER_EMAIL = 'leader@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo-Password-1';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As in playwright.config.ts.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Before this work (commit 242c6fa: no compression of static files, the chart library in the
 * dashboard's chunk), measured with this benchmark, --runs 3, on the same machine on 2026-11-23.
 */
const BASELINE = {
  commit: '242c6fa',
  login: {
    jsWire: 751_400,
    jsFiles: 22,
    totalWire: 774_900,
    requests: 25,
    largest: 'index 275.1 kB',
    lcp: '1812 ms (1496 ms–2068 ms)',
  },
  dashboard: {
    jsWire: 1_073_400,
    jsFiles: 28,
    totalWire: 1_109_400,
    requests: 33,
    largest: 'dashboard-page 326.1 kB',
    lcp: '2160 ms (1596 ms–2268 ms)',
  },
};

/** Targets, in kB of 1,000 bytes as they travel (compressed). */
const TARGETS = { loginJs: 150_000, dashboardJs: 250_000, largestChunk: 100_000 };

const USAGE = `Usage: npm run bench:web -- [--runs 3] [--accounts 200] [--build] [--write]
  --runs      page loads per page, each in a new browser context (empty cache); default 3
  --accounts  demo company size (default 200)
  --build     build the web app first even if it looks current (npm start rebuilds when stale)
  --write     replace the "## Web delivery" section of bench/RESULTS.md`;

interface Options {
  runs: number;
  accounts: number;
  build: boolean;
  write: boolean;
}

function parseCli(): Options | null {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      accounts: { type: 'string', default: '200' },
      build: { type: 'boolean', default: false },
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
  return {
    runs: whole('runs', values.runs, 1),
    accounts: whole('accounts', values.accounts, 1),
    build: values.build,
    write: values.write,
  };
}

// ---------------------------------------------------------------------------------------------
// Everything the run starts, so that it is always undone: on success, on error, on Ctrl-C, and
// when the overall time limit is reached.

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
let browser: Browser | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await Promise.all([...children].map(stopChild));
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

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
// One page load

interface Transfer {
  url: string;
  type: string;
  status: number;
  encoding: string | null;
  /** Body bytes as they travelled (compressed when encoded). */
  wireBytes: number;
  /** Response header bytes. */
  headerBytes: number;
  /** Body bytes once decoded (scripts only; 0 for the rest). */
  rawBytes: number;
}

interface Load {
  jsWire: number;
  jsRaw: number;
  jsRequests: number;
  /** Scripts of 1 KiB or more that came without br or gzip. */
  jsUncompressed: string[];
  totalWire: number;
  requests: number;
  largestJs: { file: string; wire: number; raw: number };
  lcpMs: number;
  transfers: Transfer[];
}

const LCP_OBSERVER = `(() => {
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function record(request: Request): Promise<Transfer | null> {
  const response = await request.response();
  if (!response) return null;
  const sizes = await request.sizes();
  const headers = response.headers();
  const type = request.resourceType();
  const rawBytes = type === 'script' ? (await response.body()).length : 0;
  return {
    url: request.url(),
    type,
    status: response.status(),
    encoding: headers['content-encoding'] ?? null,
    wireBytes: sizes.responseBodySize,
    headerBytes: sizes.responseHeadersSize,
    rawBytes,
  };
}

/** Loads `path` in a page of `context` and waits for `ready`, then for the network to settle. */
async function load(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(LCP_OBSERVER);
  const pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request) => pending.push(record(request)));
  page.on('requestfailed', (request) =>
    log(`  request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  // The LCP candidate is final once the screen is complete and nothing more arrives.
  await page.waitForTimeout(300);
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const transfers = (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
  await page.close();
  const scripts = transfers.filter((t) => t.type === 'script');
  const largest = scripts.reduce<Transfer | undefined>(
    (a, b) => (a && a.wireBytes >= b.wireBytes ? a : b),
    undefined,
  );
  return {
    jsWire: sum(scripts.map((t) => t.wireBytes)),
    jsRaw: sum(scripts.map((t) => t.rawBytes)),
    jsRequests: scripts.length,
    jsUncompressed: scripts
      .filter((t) => t.rawBytes >= 1024 && t.encoding !== 'br' && t.encoding !== 'gzip')
      .map((t) => fileOf(t.url)),
    totalWire: sum(transfers.map((t) => t.wireBytes + t.headerBytes)),
    requests: transfers.length,
    largestJs: largest
      ? { file: fileOf(largest.url), wire: largest.wireBytes, raw: largest.rawBytes }
      : { file: '', wire: 0, raw: 0 },
    lcpMs: Math.round(lcpMs),
    transfers,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const fileOf = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

async function loadLogin(base: string): Promise<Load> {
  const context = await browser!.newContext({ viewport: VIEWPORT });
  try {
    return await load(context, `${base}/login`, async (page) => {
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
  } finally {
    await context.close();
  }
}

async function loadDashboard(base: string): Promise<Load> {
  const context = await browser!.newContext({ viewport: VIEWPORT });
  try {
    // Signed in through the API: the session cookie lands in this context, its cache stays empty.
    const login = await context.request.post(`${base}/api/auth/login`, {
      data: { email: LEADER_EMAIL, password: DEMO_PASSWORD },
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    if (!login.ok()) throw new Error(`Sign-in failed (${login.status()}): ${await login.text()}`);
    return await load(context, `${base}/`, async (page) => {
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      // The chart has drawn its bars.
      await page
        .getByRole('img', { name: /^Orders per day/ })
        .locator('svg rect')
        .first()
        .waitFor();
    });
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The app

function buildWeb() {
  log('Building the web app…');
  const t = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('The web app build failed.');
  log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function startApp(opts: Options): Promise<{ base: string; server: ChildProcess; serverLog: string }> {
  const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
  tempDirs.push(work);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV,
    LOG_LEVEL: 'warn',
    WORKERS: 'off',
    HOST,
    PORT: String(port),
    PUBLIC_URL: base,
    DEMO_PASSWORD,
    DEMO_ACCOUNTS: String(opts.accounts),
    DATA_DIR: join(work, 'data'),
  };
  delete env.DATABASE_URL;
  const serverLog = join(work, 'server.log');
  log(`Starting the app (scripts/start.ts, ${opts.accounts} demo accounts, ${base})…`);
  const t = Date.now();
  const server = track(nodeChild(['scripts/start.ts'], env, serverLog));
  await waitUntilReady(`${base}/api/health`, server, serverLog, 300_000);
  log(`  ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { base, server, serverLog };
}

// ---------------------------------------------------------------------------------------------
// Report

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Stat {
  median: number;
  min: number;
  max: number;
}
const stat = (values: number[]): Stat => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

interface PageFigures {
  jsWire: Stat;
  jsRaw: Stat;
  jsRequests: Stat;
  totalWire: Stat;
  requests: Stat;
  largestJs: { file: string; wire: number; raw: number };
  lcpMs: Stat;
  jsUncompressed: string[];
}

function summarise(loads: Load[]): PageFigures {
  const largest = loads.map((l) => l.largestJs).reduce((a, b) => (a.wire >= b.wire ? a : b));
  return {
    jsWire: stat(loads.map((l) => l.jsWire)),
    jsRaw: stat(loads.map((l) => l.jsRaw)),
    jsRequests: stat(loads.map((l) => l.jsRequests)),
    totalWire: stat(loads.map((l) => l.totalWire)),
    requests: stat(loads.map((l) => l.requests)),
    largestJs: largest,
    lcpMs: stat(loads.map((l) => l.lcpMs)),
    jsUncompressed: [...new Set(loads.flatMap((l) => l.jsUncompressed))],
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** "median (min–max)", or just the value when every run gave the same. */
const spread = (s: Stat, unit: (n: number) => string) =>
  s.min === s.max ? unit(s.median) : `${unit(s.median)} (${unit(s.min)}–${unit(s.max)})`;
const ms = (n: number) => `${Math.round(n)} ms`;
const count = (n: number) => String(Math.round(n));

interface Check {
  label: string;
  value: number;
  target: number;
  pass: boolean;
}

function checks(login: PageFigures, dashboard: PageFigures): Check[] {
  const largest = Math.max(login.largestJs.wire, dashboard.largestJs.wire);
  return [
    { label: 'login page, JS over the wire', value: login.jsWire.median, target: TARGETS.loginJs },
    {
      label: 'signed-in dashboard, JS over the wire',
      value: dashboard.jsWire.median,
      target: TARGETS.dashboardJs,
    },
    { label: 'largest script over the wire', value: largest, target: TARGETS.largestChunk },
  ].map((c) => ({ ...c, pass: c.value <= c.target }));
}

function pageTable(login: PageFigures, dashboard: PageFigures): string[] {
  const row = (name: string, p: PageFigures) =>
    `| ${name} | ${spread(p.jsWire, kB)} | ${spread(p.jsRaw, kB)} | ${spread(p.jsRequests, count)} | ${spread(p.totalWire, kB)} | ${spread(p.requests, count)} | ${p.largestJs.file} ${kB(p.largestJs.wire)} (${kB(p.largestJs.raw)} raw) | ${spread(p.lcpMs, ms)} |`;
  return [
    '| page | JS over the wire | JS decoded | JS files | all over the wire | requests | largest script over the wire | LCP |',
    '|---|---|---|---|---|---|---|---|',
    row('/login', login),
    row('/ (dashboard, signed in)', dashboard),
  ];
}

function baselineTable(login: PageFigures, dashboard: PageFigures): string[] {
  const row = (name: string, before: (typeof BASELINE)['login'], now: PageFigures) =>
    `| ${name} | ${kB(before.jsWire)} → ${kB(now.jsWire.median)} | ${before.jsFiles} → ${now.jsRequests.median} | ${kB(before.totalWire)} → ${kB(now.totalWire.median)} | ${before.largest} → ${now.largestJs.file.replace(/-[\w-]{8}\.js$/, '')} ${kB(now.largestJs.wire)} | ${before.lcp} → ${spread(now.lcpMs, ms)} |`;
  return [
    `Before → now (before: commit ${BASELINE.commit}, scripts sent uncompressed; same benchmark and machine):`,
    '',
    '| page | JS over the wire | JS files | all over the wire | largest script | LCP |',
    '|---|---|---|---|---|---|',
    row('/login', BASELINE.login, login),
    row('/ (dashboard, signed in)', BASELINE.dashboard, dashboard),
  ];
}

function targetTable(list: Check[]): string[] {
  return [
    '| target | measured | limit | result |',
    '|---|---|---|---|',
    ...list.map((c) => `| ${c.label} | ${kB(c.value)} | ≤ ${kB(c.target)} | ${c.pass ? 'pass' : 'FAIL'} |`),
  ];
}

/** The scripts of one dashboard load, largest first. */
function scriptTable(load: Load): string[] {
  const scripts = load.transfers.filter((t) => t.type === 'script').sort((a, b) => b.wireBytes - a.wireBytes);
  return [
    '| script | over the wire | decoded | encoding |',
    '|---|---|---|---|',
    ...scripts.map(
      (t) => `| ${fileOf(t.url)} | ${kB(t.wireBytes)} | ${kB(t.rawBytes)} | ${t.encoding ?? 'none'} |`,
    ),
  ];
}

function encodingsOf(loads: Load[]): string {
  const seen = loads.flatMap((l) =>
    l.transfers.filter((t) => t.type === 'script' && t.encoding).map((t) => t.encoding),
  );
  return [...new Set(seen)].join(', ') || 'none';
}

function precompressedFiles(): number {
  const assets = join(ROOT, 'dist/web/assets');
  return existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.br')).length : 0;
}

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) return 0;
  const budgetMs = (420 + opts.runs * 120) * 1000;
  const watchdog = setTimeout(() => {
    interrupted = true;
    log(`The benchmark exceeded its ${Math.round(budgetMs / 1000)} s time limit: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs);
  try {
    const startedAt = new Date();
    const loadAtStart = loadavg()[0] ?? 0;
    if (opts.build || !existsSync(join(ROOT, 'dist/web/index.html'))) buildWeb();
    const { base, server, serverLog } = await startApp(opts);
    if (precompressedFiles() === 0) log('Note: dist/web/assets holds no .br files: scripts go uncompressed.');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const version = browser.version();
    const logins: Load[] = [];
    const dashboards: Load[] = [];
    for (let run = 1; run <= opts.runs; run++) {
      log(`Run ${run}/${opts.runs}: /login…`);
      logins.push(await loadLogin(base));
      log(`  JS ${kB(logins.at(-1)!.jsWire)}, LCP ${ms(logins.at(-1)!.lcpMs)}; / signed in…`);
      dashboards.push(await loadDashboard(base));
      log(`  JS ${kB(dashboards.at(-1)!.jsWire)}, LCP ${ms(dashboards.at(-1)!.lcpMs)}`);
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`The app exited during the run:\n${tail(serverLog)}`);
      }
    }
    await browser.close();
    browser = undefined;

    const login = summarise(logins);
    const dashboard = summarise(dashboards);
    const list = checks(login, dashboard);
    const args = process.argv.slice(2).filter((a) => a !== '--write');
    const command = `npm run bench:web${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const cpu = `${cpus()[0]?.model?.trim() ?? 'unknown CPU'} (${cpus().length} cores)`;
    const uncompressed = [...new Set([...login.jsUncompressed, ...dashboard.jsUncompressed])];
    const lines = [
      '## Web delivery',
      '',
      `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 10)}: ${opts.runs} loads of each page, each in a new`,
      `browser context (empty cache), Chromium ${version} headless, ${VIEWPORT.width}×${VIEWPORT.height}, on ${cpu}, Node ${process.version};`,
      `load average ${loadAtStart.toFixed(2)} at the start. App: \`scripts/start.ts\` (the \`npm start\` path), APP_ENV=${APP_ENV},`,
      `embedded database with a demo company of ${opts.accounts} accounts, over http on 127.0.0.1 (no network latency: LCP`,
      'here is CPU and rendering, a floor for what staff see). The login page is measured until the Sign in button shows;',
      `the dashboard, signed in as ${LEADER_EMAIL} through the API, until its chart has drawn; both then until the network`,
      'is idle. "Over the wire" is the encoded body size Chromium received (kB = 1,000 bytes); "decoded" is the same',
      'scripts once decompressed. Figures are the median of the runs, with the range when the runs differ.',
      '',
      ...pageTable(login, dashboard),
      '',
      ...targetTable(list),
      '',
      ...baselineTable(login, dashboard),
      '',
      uncompressed.length
        ? `Scripts of 1 KiB or more sent without br or gzip: ${uncompressed.join(', ')}.`
        : `Every script of 1 KiB or more came compressed (${encodingsOf([...logins, ...dashboards])}).`,
      '',
      'Scripts of the signed-in dashboard (first run):',
      '',
      ...scriptTable(dashboards[0]!),
    ];
    console.log(lines.slice(2).join('\n'));
    if (opts.write) writeResultsSection(lines);
    console.log(
      JSON.stringify({
        bench: 'web',
        date: startedAt.toISOString(),
        node: process.version,
        chromium: version,
        cpus: cpus().length,
        loadAverageAtStart: Number(loadAtStart.toFixed(2)),
        appEnv: APP_ENV,
        accounts: opts.accounts,
        runs: opts.runs,
        pages: { login, dashboard },
        targets: list,
        pass: list.every((c) => c.pass),
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
