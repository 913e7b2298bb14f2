import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import * as schema from '../db/schema';
import { ROOT_DIR } from './config';
import { lockDataDir } from './data-dir-lock';
import { RequestOrderQueue } from './db-queue';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * Starts reads that may run side by side: at once on the pool, one after another inside a
 * transaction (its one connection runs one query at a time; pg refuses overlapping queries).
 * `const read = readsFor(db); await Promise.all([read(() => a(db)), read(() => b(db))])`.
 */
export function readsFor(db: DbOrTx) {
  if (!(db instanceof PgTransaction)) return <T>(run: () => Promise<T>) => run();
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = previous.then(run);
    previous = next.catch(() => undefined);
    return next;
  };
}

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'src/server/db/migrations');

export interface Database {
  db: Db;
  /**
   * Reads that may lag a moment behind (searches, lists, reports): the read replica when one is
   * configured, otherwise `db`. Never for a write, nor for a read a write depends on.
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from. */
  dump?(): Promise<Blob>;
  /** PGlite only: where statements wait for the one in-process database, oldest request first. */
  queue?: RequestOrderQueue;
  /**
   * Receives NOTIFY on a channel. `onState(false)` says notifications may have been missed (the
   * connection dropped); `onState(true)` that they flow again. Resolves to a function that stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onState?(listening: boolean): void;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** A dump of a PGlite data directory to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PostgreSQL only: a read replica for `readDb`. */
  replicaUrl?: string | undefined;
}

/**
 * The embedded database's page cache, in its own memory (PostgreSQL's default is 128MB). The data
 * files are read through the operating system's file cache all the same, so a small pool costs a
 * system call where a large one would cost the process resident memory it never gives back: at
 * start, 305 MB for the embedded database alone with 128MB, 185 MB with 32MB, 170 MB with 16MB
 * (ADR 033, ADR 035).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.replicaUrl);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | File | undefined,
): Promise<Database> {
  // Loaded only here: a server on PostgreSQL does not hold the embedded database's code (~45 MB).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  // One process per folder: a second one would silently lose the first one's writes.
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    await client.waitReady;
  } catch (err) {
    await unlock();
    throw err;
  }
  // Statements and transactions go through the queue (oldest request first); LISTEN, dumps and
  // closing go straight to the client.
  const queue = new RequestOrderQueue();
  const queued = {
    query: ((...args: Parameters<PGlite['query']>) =>
      queue.run(() => client.query(...args))) as PGlite['query'],
    transaction: ((work: Parameters<PGlite['transaction']>[0]) =>
      queue.run(() => client.transaction(work))) as PGlite['transaction'],
  };
  const db = drizzlePglite(queued as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    queue,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
    dump: () => client.dumpDataDir('gzip'),
    async listen(channel, handlers) {
      const stop = await client.listen(channel, handlers.onNotify);
      handlers.onState?.(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/**
 * LISTEN on a dedicated connection that reconnects on its own; while it is down, onState(false)
 * tells the listener to trust nothing it remembers.
 */
function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let backoff = 100;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      handlers.onState?.(false);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), backoff);
      backoff = Math.min(backoff * 2, 5_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replaceAll('"', '""')}"`);
      backoff = 100;
      handlers.onState?.(true);
    } catch (err) {
      lost();
      throw err;
    }
  };
  return connect()
    .catch(() => {})
    .then(() => async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    });
}

/** The PostgreSQL server in DATABASE_URL cannot be used: says which and why, never the password. */
export class DatabaseUnavailableError extends Error {
  constructor(url: string, err: unknown) {
    const { hostname, port, pathname } = new URL(url);
    const code = (err as { code?: string }).code ?? '';
    const reasons: Record<string, string> = {
      ECONNREFUSED: 'nothing answers there (is PostgreSQL running?)',
      ENOTFOUND: 'no such host',
      ETIMEDOUT: 'the connection timed out',
      '3D000': 'the database does not exist: create it first (createdb)',
      '28P01': 'the password was refused',
      '28000': 'the user may not connect',
      '42501': 'the user may not create what the migrations need (pg_trgm extension, tables)',
      '0A000': 'the pg_trgm extension is not available on that server (install PostgreSQL contrib)',
      '58P01': 'the pg_trgm extension is not available on that server (install PostgreSQL contrib)',
    };
    const reason = reasons[code] ?? (err instanceof Error ? err.message : String(err));
    super(
      `Cannot use the PostgreSQL database in DATABASE_URL (${hostname}:${port || 5432}${pathname}): ${reason}.`,
    );
    this.name = 'DatabaseUnavailableError';
  }
}

async function openPostgres(url: string, poolSize: number, replicaUrl?: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // pg returns int8 and numeric as strings; bigint ids here fit in a JS number.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const replica = replicaUrl ? new pg.Pool({ connectionString: replicaUrl, max: poolSize }) : null;
  replica?.on('error', () => {});
  return {
    db,
    readDb: replica ? (drizzleNodePg(replica, { schema }) as unknown as Db) : db,
    kind: 'postgres',
    async migrate() {
      // One migrator at a time when several app processes start together.
      const client = await pool.connect().catch((err: unknown) => {
        throw new DatabaseUnavailableError(url, err);
      });
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }).catch(
          (err: unknown) => {
            const cause = (err as { cause?: { code?: string } }).cause;
            if (cause?.code && ['42501', '0A000', '58P01'].includes(cause.code))
              throw new DatabaseUnavailableError(url, cause);
            throw err;
          },
        );
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    async close() {
      await Promise.all([pool.end(), replica?.end()]);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}

/** Rows of a raw query, whichever driver ran it. */
export async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // Raw SQL: this is the helper that runs the raw statements the query builder cannot express.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One round trip to the database (the health check's). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  // Raw SQL: select 1 reads no table, and the builder has no select without a FROM.
  await rows(db, sql`select 1`);
}

/**
 * Inserts many records in one statement whatever their number: the records travel as one JSON
 * parameter that jsonb_populate_recordset turns into rows of the table, so neither the statement
 * nor its parameters grow with the records (a VALUES list of thousands of rows is slow to build
 * and to parse, and PostgreSQL takes at most 65,535 parameters). Columns that no record gives
 * keep their database defaults; a column one record gives and another leaves out is null there.
 */
export async function insertRecords<T extends PgTable>(
  db: DbOrTx,
  table: T,
  records: T['$inferInsert'][],
): Promise<void> {
  if (records.length === 0) return;
  const columns = getTableColumns(table);
  const given = new Set<string>();
  for (const r of records)
    for (const [k, v] of Object.entries(r)) if (v !== undefined && k in columns) given.add(k);
  const keys = [...given];
  const names = keys.map((k) => sql.identifier(columns[k]!.name));
  const json = records.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const column = columns[k]!;
      const v = (r as Record<string, unknown>)[k];
      // JSON columns go in as they are; the others as the driver would send them (dates as ISO text).
      out[column.name] =
        v == null
          ? null
          : column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
            ? v
            : column.mapToDriverValue(v);
    }
    return out;
  });
  const list = sql.join(names, sql`, `);
  // Raw SQL: the builder cannot insert from a set-returning function (jsonb_populate_recordset).
  await db.execute(
    sql`insert into ${table} (${list})
        select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb)`,
  );
}
