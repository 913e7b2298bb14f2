// A fresh database per benchmark run, on either backend, and the command line of the benchmarks
// that run on one or both of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/platform/db';

export type Backend = 'pglite' | 'postgres';

async function onAdmin(databaseUrl: string, statements: string[]) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database of its own: a PGlite folder under the temporary directory, or a PostgreSQL
 * database `bo_bench_{label}_{pid}` beside DATABASE_URL's. `cleanup` removes it.
 */
export async function openScratchDatabase(
  backend: Backend,
  databaseUrl: string | undefined,
  label: string,
  poolSize = 10,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  let database: Database;
  let cleanup: () => Promise<void>;
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `bo-bench-${label}-`));
    database = await openDatabase({ dataDir: dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    if (!databaseUrl) throw new Error('PostgreSQL needs DATABASE_URL');
    const name = `bo_bench_${label}_${process.pid}`;
    const drop = `drop database if exists ${name} with (force)`;
    await onAdmin(databaseUrl, [drop, `create database ${name}`]);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize });
    cleanup = () => onAdmin(databaseUrl, [drop]);
  }
  try {
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => undefined);
    await cleanup();
    throw err;
  }
  return { database, cleanup };
}

/** `[--quick] [--seconds N] [--backends pglite,postgres]`: both backends when DATABASE_URL is set. */
export function parseBackendCli(script: string, samples: { quick: number; full: number }) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      backends: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(`Usage: npm run ${script} -- [--quick] [--seconds N] [--backends pglite,postgres]`);
    process.exit(0);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const backends = (values.backends ?? (databaseUrl ? 'pglite,postgres' : 'pglite')).split(',') as Backend[];
  if (backends.includes('postgres') && !databaseUrl)
    throw new Error('--backends postgres needs DATABASE_URL');
  return {
    backends,
    databaseUrl,
    quick: values.quick,
    seconds: Number(values.seconds ?? (values.quick ? 5 : 60)),
    samples: values.quick ? samples.quick : samples.full,
  };
}
