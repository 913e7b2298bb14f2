// HTTP load from a process of its own, never the benchmark's (which would share its event loop and
// flatter the app): wrk when it is installed (Debian: `apt-get install wrk`), otherwise autocannon
// run in a child Node process (bench/autocannon-child.ts). Both report req/s, p50/p99 latency,
// errors and non-2xx answers the same way; `--load-generator` picks one.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness';

export type LoadGeneratorKind = 'wrk' | 'autocannon';

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors, read/write errors and timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Of the non-2xx: 503 answers (the embedded database's queue was full). */
  shed: number;
}

export interface LoadRun {
  /** Base URL (http://host:port). */
  base: string;
  /** Paths sent in turn, one per request (one path: always that one). */
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
  connections: number;
}

export function wrkVersion(): string | null {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (r.error) return null;
  const text = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  return /wrk (\S+)/.exec(text)?.[1] ?? 'unknown';
}

export function describeLoadGenerator(kind: LoadGeneratorKind, cpus?: string): string {
  const threads = cpus ? cpus.split(',').length : 2;
  if (kind === 'wrk')
    return `wrk ${wrkVersion() ?? ''} (${threads} thread${threads === 1 ? '' : 's'}), in its own process`.replace(
      '  ',
      ' ',
    );
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules/autocannon/package.json'), 'utf8')) as {
    version: string;
  };
  return `autocannon ${pkg.version}, in a child Node process of its own (wrk is not installed)`;
}

export function pickLoadGenerator(requested: string | undefined): LoadGeneratorKind {
  if (requested === 'autocannon') return 'autocannon';
  if (requested === 'wrk') {
    if (!wrkVersion()) throw new Error('--load-generator wrk: wrk is not installed (apt-get install wrk)');
    return 'wrk';
  }
  if (requested !== undefined) throw new Error(`--load-generator: unknown ${requested} (wrk, autocannon)`);
  return wrkVersion() ? 'wrk' : 'autocannon';
}

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A wrk script: rotates the paths, and prints the figures as one JSON line when done. */
function wrkScript(run: LoadRun): string {
  return `
local paths = { ${run.paths.map(luaString).join(', ')} }
local headers = { ${Object.entries(run.headers)
    .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
    .join(', ')} }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], headers)
end
non2xx = 0
shed = 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
  if status == 503 then shed = shed + 1 end
end
done = function(summary, latency, requests)
  local bad = 0
  local shedTotal = 0
  for _, t in ipairs(threads) do
    bad = bad + (t:get("non2xx") or 0)
    shedTotal = shedTotal + (t:get("shed") or 0)
  end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"non2xx":%d,"shed":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.timeout, bad, shedTotal))
end
`;
}

let current: ChildProcess | undefined;

/** Stops a load run in progress (Ctrl-C, time limit). */
export function stopLoad() {
  current?.kill('SIGKILL');
}

function runChild(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      if (code === 0) done(out);
      else fail(new Error(`${command} exited (${code ?? signal}): ${err.trim() || out.trim()}`));
    });
  });
}

/**
 * Runs the load; on the cores `cpus` when given (taskset -c), with one wrk thread per core given.
 */
export async function runLoad(kind: LoadGeneratorKind, run: LoadRun, cpus?: string): Promise<LoadResult> {
  const timeoutMs = (run.seconds + 30) * 1000;
  const pinned = (command: string, args: string[]): [string, string[]] =>
    cpus ? ['taskset', ['-c', cpus, command, ...args]] : [command, args];
  if (kind === 'wrk') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    try {
      const script = join(dir, 'load.lua');
      writeFileSync(script, wrkScript(run));
      const threads = Math.min(cpus ? cpus.split(',').length : 2, run.connections);
      const out = await runChild(
        ...pinned('wrk', [
          `-t${threads}`,
          `-c${run.connections}`,
          `-d${run.seconds}s`,
          '--timeout',
          '10s',
          '-s',
          script,
          `${run.base}${run.paths[0]}`,
        ]),
        timeoutMs,
      );
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (!line) throw new Error(`wrk printed no figures:\n${out}`);
      const r = JSON.parse(line) as Record<string, number>;
      const seconds = r.durationUs! / 1e6;
      return {
        reqPerSec: Math.round(r.requests! / seconds),
        p50Ms: Number((r.p50Us! / 1000).toFixed(2)),
        p99Ms: Number((r.p99Us! / 1000).toFixed(2)),
        requests: r.requests!,
        errors: r.connect! + r.read! + r.write! + r.timeout!,
        timeouts: r.timeout!,
        non2xx: r.non2xx!,
        shed: r.shed!,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const out = await runChild(
    ...pinned(process.execPath, ['--import', 'tsx', 'bench/autocannon-child.ts', JSON.stringify(run)]),
    timeoutMs,
  );
  return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
}
