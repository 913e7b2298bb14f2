// Pieces the benchmarks share: child processes of the app, waiting for it, and bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';

export const log = (message: string) => console.error(message);

/**
 * `node --import tsx <args>` from the repository root, its output appended to `logFile` (or piped
 * when null). The caller adds it to `children` to stop it on the way out.
 */
export function nodeChild(args: string[], env: NodeJS.ProcessEnv, logFile: string | null): ChildProcess {
  const out = logFile ? openSync(logFile, 'a') : 'pipe';
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
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
