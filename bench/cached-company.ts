// A generated company cached between benchmark runs: a PostgreSQL database (named, its spec in the
// database comment) or a PGlite data directory under the system temp dir (its spec in a marker
// file). A cache whose spec differs, or `--fresh`, is rebuilt.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@server/platform/db';
import pg from 'pg';
import { exited, log, nodeChild, tail } from './harness';

/** Where the app finds the company: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite). */
export interface Location {
  env: { DATABASE_URL?: string; DATA_DIR?: string };
  name: string;
  reused: boolean;
}

/** Fills an empty, migrated-on-seed database at `env`; `open` connects to it. */
export type BuildCompany = (env: Location['env'], open: () => Promise<Database>) => Promise<void>;

/** 5m, 200k, 1234: how a size reads in cache names. */
export const sizeLabel = (n: number) =>
  n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1000 === 0 ? `${n / 1000}k` : String(n);

/** The demo generator (`scripts/seed.ts`) for `accounts` accounts with their orders, and the staff. */
export async function seedDemo(env: Location['env'], work: string, accounts: number, seed: number) {
  const seedLog = join(work, 'seed.log');
  const childEnv: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'staging', LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = nodeChild(
    ['scripts/seed.ts', '--accounts', String(accounts), '--seed', String(seed)],
    childEnv,
    seedLog,
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 900_000);
  const code = await exited(child);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`Seeding failed (code ${code}):\n${tail(seedLog)}`);
}

/** PostgreSQL: database `name`, kept for the next run (rebuilt with `fresh` or another marker). */
export async function preparePostgresCompany(
  adminUrl: string,
  name: string,
  marker: string,
  fresh: boolean,
  build: BuildCompany,
): Promise<Location> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    if (!fresh && found.rows[0]?.comment === marker) {
      log(`postgres: reusing database ${name} (${marker}; --fresh rebuilds it)`);
      return { env, name, reused: true };
    }
    log(`postgres: building database ${name}…`);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  await build(env, () => openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 }));
  const done = new pg.Client({ connectionString: adminUrl });
  await done.connect();
  await done.query(`comment on database "${name}" is '${marker}'`);
  await done.end();
  return { env, name, reused: false };
}

/** PGlite: data directory `<tmp>/<dirName>/data`, kept for the next run. */
export async function preparePgliteCompany(
  dirName: string,
  marker: string,
  fresh: boolean,
  build: BuildCompany,
): Promise<Location> {
  const dir = join(tmpdir(), dirName);
  const dataDir = join(dir, 'data');
  const markerFile = join(dir, 'marker');
  const env = { DATA_DIR: dataDir };
  if (!fresh && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) {
    log(`pglite: reusing ${dataDir} (${marker}; --fresh rebuilds it)`);
    return { env, name: dataDir, reused: true };
  }
  log(`pglite: building ${dataDir}…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build(env, () => openDatabase({ dataDir }));
  writeFileSync(markerFile, marker);
  return { env, name: dataDir, reused: false };
}

export const openLocation = (loc: Location) =>
  openDatabase({ databaseUrl: loc.env.DATABASE_URL, dataDir: loc.env.DATA_DIR, poolSize: 2 });

export async function timed(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}
