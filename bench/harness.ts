// Pieces the benchmarks share: child processes of the app, waiting for it, and bench/RESULTS.md.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';

export const log = (message: string) => console.error(message);

/** The median of the values that are numbers (NaN when none): the middle one, or the mean of the two. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Benchmarks load only this machine's database server: refuses a DATABASE_URL naming another host. */
export function assertLocalDatabase(databaseUrl: string) {
  const host = new URL(databaseUrl).hostname.replace(/^\[|\]$/g, '');
  if (host && host !== 'localhost' && host !== '::1' && !host.startsWith('127.'))
    throw new Error(`DATABASE_URL must point at this machine (localhost, 127.0.0.1, ::1), not ${host}`);
}

/**
 * The server as `npm start` runs it: built (dist/server), the embedded database's code compiled
 * once, optimised, without a baseline copy (`--no-liftoff`, ADR 036). `main` serves the database
 * it is given; `start` (npm start) also loads the demo company into an empty one and needs the web
 * app. Rebuilds first what is older than its sources.
 */
export function serverArgs(entry: 'main' | 'start' = 'main'): string[] {
  const only = entry === 'main' ? ['--only', 'server'] : [];
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', ...only], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error('The build failed.');
  return ['--no-liftoff', `dist/server/${entry}.js`];
}

/**
 * `node <args>` from the repository root (with `--import tsx` when it runs a .ts file), its output
 * appended to `logFile` (or piped when null), on the cores `cpus` when given (`taskset -c`). The
 * caller adds it to `children` to stop it on the way out.
 */
export function nodeChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string | null,
  cpus?: string,
): ChildProcess {
  const out = logFile ? openSync(logFile, 'a') : 'pipe';
  const typescript = args.some((a) => a.endsWith('.ts'));
  const command = [process.execPath, ...(typescript ? ['--import', 'tsx'] : []), ...args];
  // `taskset -c <cpus>` runs the process (and every thread it starts) on those cores only.
  const [file, ...rest] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file!, rest, {
    cwd: ROOT,
    env,
    stdio: ['pipe', out, out],
  });
  if (typeof out === 'number') closeSync(out);
  return child;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited(child);
  clearTimeout(timer);
}

export function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Polls `url` until it answers 2xx; fails early, with the log's end, when the app exits. */
export async function waitUntilReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited before it was ready (code ${child.exitCode}):\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The app was not ready within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

/**
 * Replaces the section of bench/RESULTS.md that starts with `lines[0]` (a "## " heading) up to the
 * next "## " heading, or appends it; the rest of the file is left as it is.
 */
export function writeResultsSection(lines: string[]) {
  const resultsPath = join(ROOT, 'bench/RESULTS.md');
  const heading = lines[0]!;
  const section = `${lines.join('\n')}\n`;
  const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n';
  const start = previous.indexOf(`${heading}\n`);
  const after = start < 0 ? -1 : previous.indexOf('\n## ', start + 1);
  const next =
    start < 0
      ? `${previous.trimEnd()}\n\n${section}`
      : `${previous.slice(0, start)}${section}${after < 0 ? '' : `\n${previous.slice(after + 1)}`}`;
  writeFileSync(resultsPath, next);
  log(`Wrote the "${heading.slice(3)}" section of bench/RESULTS.md.`);
}

/** Latency percentiles of one measure, in ms to two decimals (nearest-rank). */
export interface Stat {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
}
export function stat(ms: number[]): Stat {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    Number((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0).toFixed(2));
  return { samples: s.length, p50: at(50), p95: at(95), p99: at(99) };
}

/**
 * Child processes and scratch folders of a run, killed and removed however the run ends (Ctrl-C,
 * a failure, the end). Benchmarks with their own orderly shutdown (api, web) keep theirs.
 */
export function cleanUpOnExit(): { children: Set<ChildProcess>; tempDirs: string[] } {
  const children = new Set<ChildProcess>();
  const tempDirs: string[] = [];
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => process.exit(130));
  return { children, tempDirs };
}

/**
 * The app (built, as `npm start` runs it) on a free port against a prepared database (`env` carries
 * DATA_DIR or DATABASE_URL), background workers off, ready for requests.
 */
export async function startApp(opts: {
  env: NodeJS.ProcessEnv;
  logFile: string;
  children: Set<ChildProcess>;
  readyTimeoutMs: number;
}): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: 'staging',
    LOG_LEVEL: 'info',
    WORKERS: 'off',
    HOST,
    PORT: String(port),
    ...opts.env,
  };
  if (!opts.env.DATABASE_URL) delete env.DATABASE_URL;
  const server = nodeChild(serverArgs(), env, opts.logFile);
  opts.children.add(server);
  const base = `http://${HOST}:${port}`;
  await waitUntilReady(`${base}/api/health`, server, opts.logFile, opts.readyTimeoutMs);
  return { base, server };
}

/** Signs a staff member in through the API and answers the bearer token. */
export async function signInToken(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { token?: string }).token;
  if (!token) throw new Error(`Sign-in failed (${login.status})`);
  return token;
}

/**
 * Cores for a server and for its load generator, one each, when this machine has two or more and
 * taskset (util-linux) is installed: neither then takes the other's core, and a run measures what
 * one core of the server serves. Null when they must share.
 */
export function pinnedCores(): { server: string; load: string } | null {
  if (cpus().length < 2) return null;
  const r = spawnSync('taskset', ['-c', '0', 'true']);
  return r.status === 0 ? { server: '1', load: '0' } : null;
}
