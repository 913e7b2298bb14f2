import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app';
import { staffUsers } from '../db/schema';
import { postgresUrl } from '../testing/backend';
import { TEST_DATA_KEY, TEST_PASSWORD } from '../testing/test-secrets';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db';
import { hashPassword } from './passwords';

/*
 * DATABASE_REPLICA_URL (PostgreSQL only, so it runs in the `scale` project): the "replica" is a
 * role of the same database that may only read, in read-only transactions, so a write sent to
 * it fails, while every search, list and report screen's call succeeds.
 */

let dbName: string;
let role: string;
let database: Database;
let app: App;
let headers: Record<string, string>;

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const template = inject('postgresTemplate');
  dbName = `${template}_replica_${process.pid}`;
  role = `bo_replica_${process.pid}`;
  await admin(async (c) => {
    await c.query(`create database ${dbName} template ${template}`);
    await c.query(`drop role if exists ${role}`);
    await c.query(`create role ${role} login`);
    await c.query(`alter role ${role} set default_transaction_read_only = on`);
  });
  const grants = new pg.Client({ connectionString: postgresUrl(dbName) });
  await grants.connect();
  await grants.query(`grant usage on schema public to ${role}`);
  await grants.query(`grant select on all tables in schema public to ${role}`);
  await grants.end();
  const replicaUrl = new URL(postgresUrl(dbName));
  replicaUrl.username = role;
  replicaUrl.password = '';
  const config = loadConfig({
    ...process.env,
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgresUrl(dbName),
    DATABASE_REPLICA_URL: replicaUrl.toString(),
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
  });
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    replicaUrl: config.databaseReplicaUrl,
    poolSize: 2,
  });
  app = await buildApp({
    config: { ...config, webDir: '/nonexistent' },
    database,
    workers: false,
    logger: false,
  });
  await app.ready();
  await database.db.insert(staffUsers).values({
    name: 'Replica Reader',
    email: 'replica@test.example.com',
    role: 'developer',
    directory: 'users',
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'replica@test.example.com', password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  headers = { cookie: `${SESSION_COOKIE}=${login.json().token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await admin(async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`drop role if exists ${role}`);
  });
});

describe('a read replica (DATABASE_REPLICA_URL)', () => {
  it('refuses writes: the role of the test replica may only read', async () => {
    await expect(database.readDb.execute(sql`update feature_flags set enabled = enabled`)).rejects.toThrow();
  });

  it('serves every search, list and report, and writes still reach the primary', async () => {
    for (const url of [
      '/api/customers?q=Smith',
      '/api/customers?q=12345',
      '/api/cs/orders/?lastName=Smith',
      '/api/dashboard',
      '/api/carts?q=',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const write = await app.inject({
      method: 'PUT',
      url: '/api/flags/promoToolCartApi',
      headers,
      payload: { enabled: true },
    });
    expect(write.statusCode, write.body).toBe(200);
    const [used] = (
      await admin((c) =>
        c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where usename = $1 and datname = $2',
          [role, dbName],
        ),
      )
    ).rows;
    expect(used!.n).toBeGreaterThan(0);
  });
});
