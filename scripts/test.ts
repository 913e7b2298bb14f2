import { spawn } from 'node:child_process';
import os from 'node:os';

// `npm test`: the unit tests (fast, then slow), then the API suite on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL, then the scale-out test alone (three app processes on
// one database, DESIGN §1). The two API runs go one after the other: measured on 2 cores, side by
// side (one worker each) they took 541 s and 488 s against 286 s and 164 s alone, as PGlite and the
// PostgreSQL server each keep a core busy (load 3 to 7 against 1 to 3). `--parallel` runs them side by side, each with half the
// cores and its output shown whole under its name, for a machine with cores to spare. The command
// fails when any run fails.

interface Run {
  name: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}
interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const parallel = process.argv.includes('--parallel');
const postgresUrl = process.env.TEST_DATABASE_URL;
const onPostgres = { ...process.env, TEST_DB_BACKEND: 'postgres' };
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Runs vitest with its output on this terminal. */
function live(run: Run): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...run.args], { stdio: 'inherit', env: run.env });
    child.on('close', (code) =>
      resolve({ name: run.name, code: code ?? 1, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** Runs vitest with its output kept, and shows it whole, under the run's name, when it ends. */
function captured(run: Run): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...run.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...(run.env ?? process.env), ...color },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code) => {
      const outcome = { name: run.name, code: code ?? 1, seconds: (Date.now() - started) / 1000 };
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
      process.stdout.write(`\n===== ${run.name}: ${verdict} in ${outcome.seconds.toFixed(0)} s =====\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`===== end of ${run.name} =====\n`);
      resolve(outcome);
    });
  });
}

const outcomes: Outcome[] = [];
outcomes.push(await live({ name: 'unit tests', args: ['--project', 'unit', '--project', 'slow'] }));

const pglite: Run = { name: 'API tests on PGlite', args: ['--project', 'api'] };
if (!postgresUrl) {
  outcomes.push(await live(pglite));
  console.log('TEST_DATABASE_URL is not set: the API suite ran on the embedded database only.');
} else {
  const postgres: Run = {
    name: `API tests on PostgreSQL (${new URL(postgresUrl).host})`,
    args: ['--project', 'api'],
    env: onPostgres,
  };
  if (!parallel) {
    outcomes.push(await live(pglite));
    console.log(`Running the ${postgres.name}…`);
    outcomes.push(await live(postgres));
  } else {
    const half = String(Math.max(1, Math.floor(os.availableParallelism() / 2)));
    const workers = ['--maxWorkers', half];
    console.log(
      `\nRunning the ${pglite.name} and the ${postgres.name} side by side (${half} worker(s) each)…`,
    );
    outcomes.push(
      ...(await Promise.all([
        captured({ ...pglite, args: [...pglite.args, ...workers] }),
        captured({ ...postgres, args: [...postgres.args, ...workers] }),
      ])),
    );
  }
  // After both, alone, so that the three processes do not compete with a suite.
  console.log('Running the scale-out test: three app processes behind a round-robin proxy…');
  outcomes.push(await live({ name: 'scale-out test', args: ['--project', 'scale'], env: onPostgres }));
}

console.log('\nSummary:');
for (const o of outcomes)
  console.log(`  ${o.code === 0 ? 'passed' : 'FAILED'}  ${o.name} (${o.seconds.toFixed(0)} s)`);
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
