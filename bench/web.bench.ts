// Web performance benchmark: Google Lighthouse (from npm) on the system Chromium.
// Run: npm run bench:web [-- --runs 3] [-- --screens login,dashboard] [-- --build] [-- --write]
// Starts the app the way `npm start` does (scripts/start.ts: builds the web app when its sources
// changed, migrates, loads a small demo company into a temporary embedded database, serves), signs
// in once through the API and hands the session cookie to Lighthouse, then runs Lighthouse on each
// screen on mobile (Lighthouse's default: Moto G Power, simulated slow 4G, 4× CPU slowdown) and on
// desktop (its desktop preset), `--runs` times each, screens and modes interleaved so that a burst
// of load on the shared machine falls on all of them. Prints a table of medians (performance score,
// LCP, TBT, CLS, accessibility score, JavaScript over the wire, requests) with the targets, the load
// average before and after, then one JSON line with every figure. --write replaces the "Lighthouse"
// section of bench/RESULTS.md. --tasks measures instead each signed-in screen's main-thread tasks by
// their CPU time, from a Chrome trace of each load (tasksOfLoad): steadier than Lighthouse's TBT on a
// busy machine, since Lighthouse multiplies the tasks' wall time, which the machine's other work
// stretches.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { type Browser, chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import {
  freePort,
  HOST,
  log,
  median,
  nodeChild,
  ROOT,
  serverArgs,
  stopChild,
  tail,
  waitUntilReady,
  writeResultsSection,
} from './harness';

const APP_ENV = 'staging';
const LEADER_EMAIL = 'leader@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo-Password-1';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Targets of the phone-speed work (kB = 1,000 bytes over the wire, headers included). */
const TARGETS = {
  mobilePerf: 90,
  desktopPerf: 98,
  a11y: 100,
  cls: 0.02,
  loginJs: 120_000,
  screenJs: 250_000,
};

type Mode = 'mobile' | 'desktop';
const MODES: Mode[] = ['mobile', 'desktop'];

interface Ids {
  customerUid: string;
  orderId: string;
  checkoutPath: string;
}

interface ScreenDef {
  key: string;
  label: string;
  signedIn: boolean;
  path: (ids: Ids) => string;
}

const SCREENS: ScreenDef[] = [
  { key: 'login', label: 'login', signedIn: false, path: () => '/login' },
  { key: 'dashboard', label: 'dashboard', signedIn: true, path: () => '/' },
  {
    key: 'customer-dashboard',
    label: 'customer dashboard',
    signedIn: true,
    path: (ids) => `/customers/${ids.customerUid}/dashboard`,
  },
  {
    key: 'customer-detail',
    label: 'customer detail',
    signedIn: true,
    path: (ids) => `/customers/${ids.customerUid}/detail`,
  },
  { key: 'order-search', label: 'order search', signedIn: true, path: () => '/orders' },
  {
    key: 'order-info',
    label: 'order info',
    signedIn: true,
    path: (ids) => `/orders/${encodeURIComponent(ids.orderId)}/info`,
  },
  {
    key: 'refunds',
    label: 'refunds',
    signedIn: true,
    path: (ids) => `/orders/${encodeURIComponent(ids.orderId)}/refunds`,
  },
  { key: 'checkout', label: 'checkout', signedIn: true, path: (ids) => ids.checkoutPath },
  { key: 'promo-tool', label: 'promo tool', signedIn: true, path: () => '/promos/tool' },
  {
    key: 'promo-editor',
    label: 'promo editor, a rule',
    signedIn: true,
    path: () => `/promos/editor/${encodeURIComponent('Spring 25% Off Skincare')}`,
  },
  { key: 'payouts', label: 'payouts', signedIn: true, path: () => '/incentives/enrollers' },
];

const USAGE = `Usage: npm run bench:web -- [--runs 3] [--screens a,b] [--modes mobile,desktop] [--accounts 200] [--build] [--reports DIR] [--write] [--tasks]
  --runs      Lighthouse runs per screen and mode (median reported); default 3
  --screens   comma-separated subset of: ${SCREENS.map((s) => s.key).join(', ')}
  --modes     mobile, desktop or both (default both)
  --accounts  demo company size (default 200)
  --build     build the web app first even if it looks current (npm start rebuilds when stale)
  --reports   also save each Lighthouse report (JSON) in DIR, named screen-mode-run.json
  --write     replace the "## Lighthouse" section of bench/RESULTS.md
  --tasks     instead of Lighthouse: each signed-in screen's main-thread tasks by CPU time (see tasksOfLoad)`;

interface Options {
  runs: number;
  screens: ScreenDef[];
  modes: Mode[];
  accounts: number;
  build: boolean;
  reports: string | undefined;
  write: boolean;
  tasks: boolean;
}

function parseCli(): Options | null {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      screens: { type: 'string' },
      modes: { type: 'string', default: 'mobile,desktop' },
      accounts: { type: 'string', default: '200' },
      build: { type: 'boolean', default: false },
      reports: { type: 'string' },
      write: { type: 'boolean', default: false },
      tasks: { type: 'boolean', default: false },
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
  const list = (raw: string) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  let screens = SCREENS;
  if (values.screens !== undefined) {
    const wanted = list(values.screens);
    const unknown = wanted.filter((k) => !SCREENS.some((s) => s.key === k));
    if (unknown.length || wanted.length === 0)
      throw new Error(
        `--screens: unknown ${unknown.join(', ') || '(none given)'}; known: ${SCREENS.map((s) => s.key).join(', ')}`,
      );
    screens = SCREENS.filter((s) => wanted.includes(s.key));
  }
  if (values.tasks && values.write) throw new Error('--tasks does not write RESULTS.md: leave out --write');
  const modes = list(values.modes);
  if (modes.length === 0 || modes.some((m) => !MODES.includes(m as Mode)))
    throw new Error(`--modes must be mobile, desktop or both, got ${values.modes}`);
  return {
    runs: whole('runs', values.runs, 1),
    screens,
    modes: MODES.filter((m) => modes.includes(m)),
    accounts: whole('accounts', values.accounts, 1),
    build: values.build,
    reports: values.reports,
    write: values.write,
    tasks: values.tasks,
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
// The app

function buildWeb() {
  log('Building the web app…');
  const t = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
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
  const server = track(nodeChild(serverArgs('start'), env, serverLog));
  await waitUntilReady(`${base}/api/health`, server, serverLog, 300_000);
  log(`  ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { base, server, serverLog };
}

/** Signs the leader in through the API: answers the Cookie header of the session. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ email: LEADER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Sign-in failed (${res.status}): ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('Sign-in answered no session cookie.');
  return cookies.join('; ');
}

/** The records the signed-in screens open: a recent order, its customer, a new cart of theirs. */
async function pickRecords(base: string, cookie: string): Promise<Ids> {
  const headers = { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
  const search = await fetch(`${base}/api/cs/orders/`, { headers });
  if (!search.ok) throw new Error(`Order search failed (${search.status}): ${await search.text()}`);
  const orders = (
    (await search.json()) as {
      data: { processedOrders: { id: string; countryId: number; customer: { uid: string } }[] };
    }
  ).data.processedOrders;
  const order = orders[0];
  if (!order) throw new Error('The demo company has no orders.');
  const uid = order.customer.uid;
  for (const localeCode of ['en-US', 'en-CA']) {
    const res = await fetch(`${base}/api/carts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ uid, localeCode }),
    });
    if (res.ok) {
      const cart = ((await res.json()) as { data: { cartId?: string; id?: string } }).data;
      const cartId = cart.cartId ?? cart.id;
      if (cartId)
        return { customerUid: uid, orderId: order.id, checkoutPath: `/${localeCode}/checkout/${cartId}` };
    }
  }
  throw new Error(`No cart could be opened for customer ${uid}.`);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface Figures {
  perf: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  a11y: number;
  /** Scripts, transfer size (headers and compressed body), bytes. */
  jsWire: number;
  jsFiles: number;
  requests: number;
  /** Requests the network-dependency tree shows as the longest chain, and its length. */
  chain: number;
}

type ScriptRow = { url: string; transferSize: number; resourceType?: string };

function figuresOf(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const items = ((audit('network-requests')?.details as { items?: ScriptRow[] } | undefined)?.items ??
    []) as ScriptRow[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const chains = audit('critical-request-chains')?.details as
    | { longestChain?: { length?: number } }
    | undefined;
  return {
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    jsWire: scripts.reduce((a, s) => a + (s.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    requests: items.length,
    chain: chains?.longestChain?.length ?? 0,
  };
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): up to 3 tries. */
async function runLighthouse(
  url: string,
  mode: Mode,
  cookie: string | null,
  reportFile?: string,
): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, mode, cookie, reportFile);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof RetryableError)) throw error;
      log(`  ${error.message}: trying again (${attempt + 1}/3)`);
    }
  }
}

class RetryableError extends Error {}

async function runLighthouseOnce(
  url: string,
  mode: Mode,
  cookie: string | null,
  reportFile: string | undefined,
): Promise<Figures> {
  const port = await freePort();
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags, mode === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new RetryableError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (!lhr.finalDisplayedUrl.startsWith(url.replace(/\?.*$/, '')))
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    return figuresOf(lhr);
  } finally {
    await browser.close().catch(() => {});
    browser = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// --tasks: a screen's main-thread tasks by CPU time

/** One load's main-thread tasks, in CPU time (ms). */
interface TaskFigures {
  /** Σ over the tasks after the first paint of (4 × CPU time − 50 ms), when positive. */
  blockingMs: number;
  longestMs: number;
  /** The main thread's CPU time from the first script's evaluation on. */
  cpuMs: number;
  /** Tasks of 8 ms of CPU time or more, in order. */
  tasks: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Loads `url` once at a phone's width without CPU slowdown, records a Chrome trace, and counts the
 * page's main-thread tasks by their CPU time (the trace's thread time), which the machine's other
 * work moves far less than their wall time, the figure Lighthouse multiplies. Blocking is counted as
 * Lighthouse's phone counts it, each task four times as long. The page's main thread is the renderer
 * thread that records the first paint: the browser may have another renderer with more CPU time.
 */
async function tasksOfLoad(url: string, cookie: string): Promise<TaskFigures> {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await complete;
    const paint = events.find((e) => e.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`No first paint in the trace of ${url}`);
    const onMain = (e: TraceEvent) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X';
    const firstScript = events.find((e) => onMain(e) && e.name === 'v8.evaluateModule');
    const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
    const tasks = events
      .filter(
        (e) => onMain(e) && e.name === 'RunTask' && (!firstScript || e.ts + (e.dur ?? 0) >= firstScript.ts),
      )
      .sort((a, b) => a.ts - b.ts);
    return {
      blockingMs: tasks
        .filter((t) => t.ts >= paint.ts)
        .reduce((sum, t) => sum + Math.max(0, 4 * cpu(t) - 50), 0),
      longestMs: Math.max(0, ...tasks.map(cpu)),
      cpuMs: tasks.reduce((sum, t) => sum + cpu(t), 0),
      tasks: tasks
        .map(cpu)
        .filter((ms) => ms >= 8)
        .map((ms) => Math.round(ms)),
    };
  } finally {
    await browser.close().catch(() => {});
    browser = undefined;
  }
}

/** --tasks: each signed-in screen, `runs` loads, screens interleaved; prints medians and ranges. */
async function measureTasks(opts: Options, base: string, cookie: string, ids: Ids) {
  const screens = opts.screens.filter((s) => s.signedIn);
  const runs = new Map<string, TaskFigures[]>(screens.map((s) => [s.key, []]));
  for (let run = 1; run <= opts.runs; run++)
    for (const screen of screens) {
      const f = await tasksOfLoad(`${base}${screen.path(ids)}`, cookie);
      runs.get(screen.key)!.push(f);
      log(
        `run ${run} ${screen.label}: blocking ${Math.round(f.blockingMs)} ms, longest task ${Math.round(f.longestMs)} ms, CPU ${Math.round(f.cpuMs)} ms; tasks ≥ 8 ms: ${f.tasks.join(' ')} (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  const ms = (values: number[]) => {
    const lo = Math.round(Math.min(...values));
    const hi = Math.round(Math.max(...values));
    return `${Math.round(median(values))} ms${lo === hi ? '' : ` (${lo}–${hi})`}`;
  };
  console.log(
    [
      '',
      `Main-thread tasks by CPU time, ${opts.runs} load(s) per screen, 412 px, no CPU slowdown; blocking as a phone 4× slower counts it.`,
      '',
      '| screen | blocking (4×) | longest task | CPU from the first script |',
      '|---|---|---|---|',
      ...screens.map((s) => {
        const r = runs.get(s.key)!;
        return `| ${s.label} | ${ms(r.map((f) => f.blockingMs))} | ${ms(r.map((f) => f.longestMs))} | ${ms(r.map((f) => f.cpuMs))} |`;
      }),
    ].join('\n'),
  );
  console.log(
    JSON.stringify({
      bench: 'web-tasks',
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(2))),
      runs: opts.runs,
      screens: screens.map((s) => {
        const r = runs.get(s.key)!;
        return {
          screen: s.key,
          median: {
            blockingMs: median(r.map((f) => f.blockingMs)),
            longestMs: median(r.map((f) => f.longestMs)),
            cpuMs: median(r.map((f) => f.cpuMs)),
          },
          runs: r,
        };
      }),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Report

function medians(runs: Figures[]): Figures {
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return {
    perf: pick('perf'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    a11y: pick('a11y'),
    jsWire: pick('jsWire'),
    jsFiles: pick('jsFiles'),
    requests: pick('requests'),
    chain: pick('chain'),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)}`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (runs: Figures[], k: keyof Figures, f: (n: number) => string) => {
  const v = runs.map((r) => r[k]);
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return lo === hi ? f(lo) : `${f(median(v))} (${f(lo)}–${f(hi)})`;
};

interface ScreenResult {
  key: string;
  label: string;
  path: string;
  mode: Mode;
  runs: Figures[];
  median: Figures;
  failures: string[];
}

function failuresOf(key: string, mode: Mode, m: Figures): string[] {
  const f: string[] = [];
  const perfTarget = mode === 'mobile' ? TARGETS.mobilePerf : TARGETS.desktopPerf;
  if (!(m.perf >= perfTarget)) f.push(`perf ${m.perf} < ${perfTarget}`);
  if (!(m.a11y >= TARGETS.a11y)) f.push(`a11y ${m.a11y} < ${TARGETS.a11y}`);
  if (!(m.cls < TARGETS.cls)) f.push(`CLS ${m.cls.toFixed(3)} ≥ ${TARGETS.cls}`);
  const jsLimit = key === 'login' ? TARGETS.loginJs : TARGETS.screenJs;
  if (!(m.jsWire <= jsLimit)) f.push(`JS ${kB(m.jsWire)} kB > ${kB(jsLimit)} kB`);
  return f;
}

function table(results: ScreenResult[]): string[] {
  return [
    '| screen | mode | perf | LCP | TBT | CLS | a11y | JS kB over the wire (files) | requests | longest chain | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.mode} | ${range(r.runs, 'perf', String)} | ${range(r.runs, 'lcpMs', secs)} | ${range(r.runs, 'tbtMs', (n) => `${Math.round(n)} ms`)} | ${range(r.runs, 'cls', (n) => n.toFixed(3))} | ${range(r.runs, 'a11y', String)} | ${kB(r.median.jsWire)} (${r.median.jsFiles}) | ${r.median.requests} | ${r.median.chain} | ${r.failures.length ? `FAIL: ${r.failures.join('; ')}` : 'pass'} |`,
    ),
  ];
}

async function main(): Promise<number> {
  const opts = parseCli();
  if (!opts) return 0;
  if (opts.reports) mkdirSync(opts.reports, { recursive: true });
  const budgetMs = (420 + opts.runs * opts.screens.length * opts.modes.length * 90) * 1000;
  const watchdog = setTimeout(() => {
    interrupted = true;
    log(`The benchmark exceeded its ${Math.round(budgetMs / 1000)} s time limit: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs);
  try {
    const startedAt = new Date();
    if (opts.build || !existsSync(join(ROOT, 'dist/web/index.html'))) buildWeb();
    const { base, server, serverLog } = await startApp(opts);
    const cookie = await signIn(base);
    const ids = await pickRecords(base, cookie);
    if (opts.tasks) {
      await measureTasks(opts, base, cookie, ids);
      return 0;
    }
    const loadAtStart = loadavg();
    const chromiumVersion = await (async () => {
      const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      const v = b.version();
      await b.close();
      return v;
    })();
    const results: ScreenResult[] = opts.screens.flatMap((s) =>
      opts.modes.map((mode) => ({
        key: s.key,
        label: s.label,
        path: s.path(ids),
        mode,
        runs: [] as Figures[],
        median: {} as Figures,
        failures: [] as string[],
      })),
    );
    const total = results.length * opts.runs;
    let done = 0;
    for (let run = 1; run <= opts.runs; run++) {
      for (const r of results) {
        const screen = opts.screens.find((s) => s.key === r.key)!;
        const t = Date.now();
        const reportFile = opts.reports ? join(opts.reports, `${r.key}-${r.mode}-${run}.json`) : undefined;
        const f = await runLighthouse(
          `${base}${r.path}`,
          r.mode,
          screen.signedIn ? cookie : null,
          reportFile,
        );
        r.runs.push(f);
        done++;
        log(
          `[${done}/${total}] run ${run} ${r.label} ${r.mode}: perf ${f.perf}, LCP ${secs(f.lcpMs)}, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}, a11y ${f.a11y}, JS ${kB(f.jsWire)} kB (${f.jsFiles}), ${f.requests} requests (${((Date.now() - t) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(2)})`,
        );
        if (server.exitCode !== null || server.signalCode !== null)
          throw new Error(`The app exited during the run:\n${tail(serverLog)}`);
      }
    }
    const loadAtEnd = loadavg();
    for (const r of results) {
      r.median = medians(r.runs);
      r.failures = failuresOf(r.key, r.mode, r.median);
    }
    const pass = results.every((r) => r.failures.length === 0);
    const args = process.argv.slice(2).filter((a) => a !== '--write');
    const command = `npm run bench:web${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const cpu = `${cpus()[0]?.model?.trim() ?? 'unknown CPU'} (${cpus().length} cores)`;
    const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
    const lines = [
      '## Lighthouse',
      '',
      `Run with \`${command}\` on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Lighthouse ${lighthouseVersion()}`,
      `(npm) on Chromium ${chromiumVersion} headless, ${opts.runs} run(s) per screen and mode, screens and modes interleaved, on ${cpu},`,
      `Node ${process.version}. Load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end.`,
      `App: \`scripts/start.ts\` (the \`npm start\` path), APP_ENV=${APP_ENV}, embedded database with a demo company of ${opts.accounts}`,
      `accounts, over http on 127.0.0.1; signed-in screens as ${LEADER_EMAIL}, the session cookie given to Lighthouse.`,
      "Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown, 412 px); desktop its desktop preset.",
      'Each cell is the median, with the range when the runs differ. JS is the transfer size of the scripts (compressed',
      'body and headers, kB = 1,000 bytes) and their count; "longest chain" is the length of the longest critical request',
      'chain. Targets: mobile ≥ 90, desktop ≥ 98, accessibility 100, CLS < 0.02, login ≤ 120 kB of JS, any screen ≤ 250 kB.',
      '',
      ...table(results),
      '',
      pass
        ? 'Every screen meets every target.'
        : `Targets missed: ${results.filter((r) => r.failures.length).length} of ${results.length} rows.`,
    ];
    console.log(lines.slice(2).join('\n'));
    if (opts.write) writeResultsSection(lines);
    console.log(
      JSON.stringify({
        bench: 'web',
        tool: `lighthouse ${lighthouseVersion()}`,
        date: startedAt.toISOString(),
        node: process.version,
        chromium: chromiumVersion,
        cpus: cpus().length,
        loadAverageAtStart: loadAtStart.map((n) => Number(n.toFixed(2))),
        loadAverageAtEnd: loadAtEnd.map((n) => Number(n.toFixed(2))),
        appEnv: APP_ENV,
        accounts: opts.accounts,
        runs: opts.runs,
        screens: results.map((r) => ({
          screen: r.key,
          mode: r.mode,
          median: r.median,
          runs: r.runs,
          failures: r.failures,
        })),
        pass,
      }),
    );
    return 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

function lighthouseVersion(): string {
  try {
    return JSON.parse(
      spawnSync(process.execPath, ['-p', 'JSON.stringify(require("lighthouse/package.json").version)'], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout,
    ) as string;
  } catch {
    return 'unknown';
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
