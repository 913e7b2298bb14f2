import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db';
import { backend, postgresUrl } from './backend';
import { checkLog, describeProblems } from './log-check';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** PostgreSQL template database of this run; test databases are named after it. */
    postgresTemplate: string;
    /** The file every API test app logs into during this run (checked at the end). */
    testLogFile: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bo-test-'));
  const logFile = path.join(dir, 'server.log');
  await writeFile(logFile, '');
  project.provide('testLogFile', logFile);
  if (backend() === 'postgres') {
    // Named per run, so that two test runs on one server never drop each other's databases.
    const TEMPLATE_DB = `bo_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: postgresUrl(TEMPLATE_DB), poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', TEMPLATE_DB);
    return async () => {
      const client = new pg.Client({ connectionString: postgresUrl() });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${TEMPLATE_DB}%`],
      );
      for (const r of rows) await client.query(`drop database if exists ${r.datname} with (force)`);
      await client.end();
      await checkRunLog(logFile, dir);
    };
  }
  const template = await openDatabase({});
  await template.migrate();
  const dump = await template.dump?.();
  await template.close();
  if (!dump) throw new Error('PGlite template dump failed');
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(file, { force: true });
    await checkRunLog(logFile, dir);
  };
}

/**
 * Fails the run when the server log of the whole API run holds a password, a token, a header
 * value or SQL parameters. A failing log is kept for reading; a clean one is removed.
 * Vitest only reports an error thrown by a teardown, so the exit code is set here as well.
 */
async function checkRunLog(logFile: string, dir: string) {
  const problems = checkLog(await readFile(logFile, 'utf8'));
  if (problems.length > 0) {
    process.exitCode = 1;
    throw new Error(describeProblems(logFile, problems));
  }
  await rm(dir, { recursive: true, force: true });
}
