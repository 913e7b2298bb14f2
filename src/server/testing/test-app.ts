import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import type { StaffDirectory, StaffRole } from '@domain/auth/roles';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { staffUsers } from '../db/schema';
import { loadConfig } from '../platform/config';
import { parseDataKeys } from '../platform/data-keys';
import { type Database, openDatabase } from '../platform/db';
import type { LogSettings } from '../platform/logging';
import type { Mailer } from '../platform/mailer';
import { hashPassword } from '../platform/passwords';
import { backend, postgresUrl } from './backend';
import { skippingClock, type TestClock } from './clock';
import { TEST_DATA_KEY, TEST_PASSWORD } from './test-secrets';

export { TEST_PASSWORD };

let counter = 0;
let passwordHash: Promise<string> | undefined;

/** A test database; on PostgreSQL, more connections to it can be opened, as another process would. */
type TestDatabase = Database & { connectAgain?: () => Promise<Database> };

async function freshDatabase(): Promise<TestDatabase> {
  if (backend() === 'postgres') {
    const template = inject('postgresTemplate');
    const name = `${template}_${process.pid}_${counter++}`;
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const db = await openDatabase({ databaseUrl: postgresUrl(name), poolSize: 4 });
    return {
      ...db,
      connectAgain: () => openDatabase({ databaseUrl: postgresUrl(name), poolSize: 4 }),
      async close() {
        await db.close();
        const c = new pg.Client({ connectionString: postgresUrl() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const blob = new Blob([await readFile(template)]);
  return openDatabase({ loadDataDir: blob });
}

export interface TestApp {
  app: App;
  database: Database;
  /** The clock the app (and every other app of this test) reads the time from. */
  clock: TestClock;
  /** Signs in a new staff user of that role and returns the cookie header for later calls. */
  signIn(
    role: StaffRole,
    opts?: { email?: string; promoAccess?: boolean; junoAccess?: boolean; directory?: StaffDirectory },
  ): Promise<SignedIn>;
  /**
   * Another app process on the same database: its own connection pool on PostgreSQL, the same
   * in-process database on PGlite (which allows one process per data directory).
   */
  anotherApp(opts?: { dataEncryptionKey?: string }): Promise<App>;
  close(): Promise<void>;
}

export interface SignedIn {
  id: string;
  email: string;
  token: string;
  /** Headers of a browser session: the cookie and the CSRF header. */
  headers: Record<string, string>;
}

/**
 * Where API test apps log: the run's log file (see global-setup), at info level, so that the
 * teardown can check that nothing secret was logged during the whole run.
 */
function runLog(): Partial<LogSettings> | false {
  const file = inject('testLogFile');
  if (!file) return false;
  return { level: 'info', stream: { write: (line: string) => appendFileSync(file, line) } };
}

/** A fresh app on a fresh database, workers off (tests drive the outbox themselves). */
export async function createTestApp(
  opts: {
    mailer?: Mailer | null;
    appEnv?: 'development' | 'production' | 'test';
    webDir?: string;
    /** Log somewhere else than the run's log file (a test that reads the log). */
    log?: Partial<LogSettings>;
    /** The data key ring (default TEST_DATA_KEY, which fixtures seal with). */
    dataEncryptionKey?: string;
    /** More configuration, as environment variables (PUBLIC_URL, CUSTOMER_SITE_URL …). */
    env?: Record<string, string>;
    /** Where the apps read the time (default the real time, which the test may skip ahead). */
    clock?: TestClock;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const clock = opts.clock ?? skippingClock();
  const config = loadConfig(
    {
      ...process.env,
      APP_ENV: opts.appEnv ?? 'test',
      LOG_LEVEL: 'silent',
      DATA_ENCRYPTION_KEY: opts.dataEncryptionKey ?? TEST_DATA_KEY,
      ...opts.env,
    },
    { webDir: opts.webDir ?? '/nonexistent' },
  );
  const build = async (db: Database, dataEncryptionKey?: string) => {
    const built = await buildApp({
      config: dataEncryptionKey
        ? { ...config, dataEncryptionKeys: parseDataKeys(dataEncryptionKey) }
        : config,
      database: db,
      workers: false,
      mailer: opts.mailer ?? null,
      logger: opts.log ?? runLog(),
      clock,
    });
    await built.ready();
    return built;
  };
  const app = await build(database);
  const others: { app: App; database: Database | null }[] = [];
  let n = 0;
  return {
    app,
    database,
    clock,
    async signIn(role, o = {}) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const email = o.email ?? `${role.toLowerCase()}${++n}@test.example.com`;
      const [user] = await database.db
        .insert(staffUsers)
        .values({
          name: `${role} ${n}`,
          email,
          role,
          directory: o.directory ?? 'users',
          promoAccess: o.promoAccess ?? false,
          junoAccess: o.junoAccess ?? false,
          passwordHash: await passwordHash,
        })
        .returning();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      const token = res.json<{ token: string }>().token;
      return {
        id: user!.id,
        email,
        token,
        headers: { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      };
    },
    async anotherApp(o = {}) {
      const db = database.connectAgain ? await database.connectAgain() : null;
      const other = await build(db ?? database, o.dataEncryptionKey).catch(async (err) => {
        await db?.close();
        throw err;
      });
      others.push({ app: other, database: db });
      return other;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.database?.close();
      }
      await app.close();
      await database.close();
    },
  };
}
