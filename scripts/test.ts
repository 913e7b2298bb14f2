import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// `npm test`: the unit tests (fast, then slow), then the API suite on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL, then the scale-out test alone (three app processes on
// one database, DESIGN §1). The two API runs go side by side, each output shown whole under its
// name when it ends; `--sequential` runs them one after the other with their output live.
// Workers: vitest's default is one fewer than the cores (1 on 2 cores). The PGlite run is bound by
// its own CPU, so it gets one per core; the PostgreSQL run mostly waits on the server, so it gets
// one more than the cores. Measured on 2 cores, sequential: PGlite 174 s with 1 worker, 164 s with
// 2; PostgreSQL 107 s with 1, 82 s with 3; side by side with 2 and 3: both done in 223 s.
// The command fails when any run fails. Each run also writes vitest's JSON report, and the summary
// at the end names every failed test with the first lines of its error: a CI log that keeps only
// its last lines still says what failed.

interface Run {
  name: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}
interface Outcome {
  name: string;
  code: number;
  seconds: number;
  /** Failed tests: file, name and the first lines of the error. */
  failures: string[];
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
let reportCount = 0;
/** vitest's arguments for a run, with its JSON report written to a file of its own. */
function withReport(run: Run): { args: string[]; report: string } {
  const report = path.join(reports, `${++reportCount}.json`);
  return {
    args: [
      'vitest',
      'run',
      ...run.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
  };
}

interface JsonReport {
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
/** The failed tests of a run's JSON report (a file that failed to load counts as one). */
function failuresIn(report: string, code: number): string[] {
  let parsed: JsonReport;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  } catch {
    return code === 0 ? [] : ['(no test report was written)'];
  }
  const firstLines = (text: string) =>
    stripVTControlCharacters(text)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.includes('node_modules'))
      .slice(0, 4)
      .map((line) => `      ${line.trim().slice(0, 300)}`)
      .join('\n');
  const failed: string[] = [];
  for (const file of parsed.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      failed.push(`    ${where} > ${t.fullName}\n${firstLines(t.failureMessages?.join('\n') ?? '')}`);
    if (tests.length === 0 && file.message) failed.push(`    ${where}\n${firstLines(file.message)}`);
  }
  return failed;
}

/** How a run ended: its exit code (a signal counts as 1), its time and its failed tests. */
function outcomeOf(run: Run, exitCode: number | null, started: number, report: string): Outcome {
  const code = exitCode ?? 1;
  return { name: run.name, code, seconds: (Date.now() - started) / 1000, failures: failuresIn(report, code) };
}

const sequential = process.argv.includes('--sequential');
const cores = os.availableParallelism();
/** Runs bound by their own CPU (the unit tests, PGlite): one worker per core. */
const oneWorkerPerCore = ['--maxWorkers', String(cores)];
/** The PostgreSQL run mostly waits on the server: one worker more than the cores. */
const oneWorkerMoreThanCores = ['--maxWorkers', String(cores + 1)];
const postgresUrl = process.env.TEST_DATABASE_URL;
const onPostgres = { ...process.env, TEST_DB_BACKEND: 'postgres' };
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Runs vitest with its output on this terminal. */
function live(run: Run): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const { args, report } = withReport(run);
    const child = spawn('npx', args, { stdio: 'inherit', env: run.env });
    child.on('close', (code) => resolve(outcomeOf(run, code, started, report)));
  });
}

/** Runs vitest with its output kept, and shows it whole, under the run's name, when it ends. */
function captured(run: Run): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const { args, report } = withReport(run);
    const child = spawn('npx', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...(run.env ?? process.env), ...color },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code) => {
      const outcome = outcomeOf(run, code, started, report);
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
      process.stdout.write(`\n===== ${run.name}: ${verdict} in ${outcome.seconds.toFixed(0)} s =====\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`===== end of ${run.name} =====\n`);
      resolve(outcome);
    });
  });
}

const outcomes: Outcome[] = [];
outcomes.push(
  await live({ name: 'unit tests', args: ['--project', 'unit', '--project', 'slow', ...oneWorkerPerCore] }),
);

const pglite: Run = { name: 'API tests on PGlite', args: ['--project', 'api', ...oneWorkerPerCore] };
if (!postgresUrl) {
  outcomes.push(await live(pglite));
  console.log('TEST_DATABASE_URL is not set: the API suite ran on the embedded database only.');
} else {
  const postgres: Run = {
    name: `API tests on PostgreSQL (${new URL(postgresUrl).host})`,
    args: ['--project', 'api', ...oneWorkerMoreThanCores],
    env: onPostgres,
  };
  if (sequential) {
    outcomes.push(await live(pglite));
    console.log(`Running the ${postgres.name}…`);
    outcomes.push(await live(postgres));
  } else {
    console.log(`\nRunning the ${pglite.name} and the ${postgres.name} side by side…`);
    outcomes.push(...(await Promise.all([captured(pglite), captured(postgres)])));
  }
  // After both, alone, so that the three processes do not compete with a suite.
  console.log('Running the scale-out test: three app processes behind a round-robin proxy…');
  outcomes.push(await live({ name: 'scale-out test', args: ['--project', 'scale'], env: onPostgres }));
}

console.log('\nSummary:');
for (const o of outcomes) {
  console.log(`  ${o.code === 0 ? 'passed' : 'FAILED'}  ${o.name} (${o.seconds.toFixed(0)} s)`);
  for (const failure of o.failures) console.log(failure);
}
rmSync(reports, { recursive: true, force: true });
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
