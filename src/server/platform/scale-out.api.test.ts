import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import type { StaffRole } from '@domain/auth/roles';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobs, outbox, staffUsers } from '../db/schema';
import { postgresUrl } from '../testing/backend';
import { TEST_DATA_KEY, TEST_PASSWORD } from '../testing/test-secrets';
import { ROOT_DIR } from './config';
import { type Database, openDatabase } from './db';
import { enqueueJob } from './jobs';
import { enqueueEmail } from './outbox';
import { hashPassword } from './passwords';

/*
 * DESIGN §1 on PostgreSQL: three real app processes (`node --import tsx src/server/testing/scale-out-main.ts`,
 * WORKERS=on) on one database behind a round-robin proxy. Runs in the `scale` project, which
 * exists only when TEST_DB_BACKEND=postgres (PGlite allows one process per data folder).
 *
 * The proxy is a few lines on node:http: http-proxy has had no release since 2020, and
 * http-proxy-3 asks for Node 22 while this project supports Node 20.19.
 */

const PROCESSES = 3;
const N = 30;

interface AppProcess {
  child: ChildProcess;
  port: number;
  pid: number;
}

let dbName: string;
let database: Database;
let workDir: string;
let jobLog: string;
let apps: AppProcess[] = [];
/** The processes the proxy sends requests to, in turn (a killed one is taken out, as a health check would). */
let live: AppProcess[] = [];
let proxy: http.Server;
let proxyUrl: string;
let smtp: SMTPServer;
const delivered: string[] = [];

function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        delivered.push(/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '');
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
}

function startProxy(): Promise<string> {
  let next = 0;
  proxy = http.createServer((req, res) => {
    const target = live[next++ % live.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(target.pid) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
  );
}

/** Starts one app process and resolves once it listens (it logs the port it was given). */
function startProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/scale-out-main.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const runLog = inject('testLogFile');
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app process did not start:\n${output}`)), 90_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      // Every line goes to the run's log, which the run checks for secrets at its end.
      if (runLog) appendFileSync(runLog, text);
      buffered += text;
      output = (output + text).slice(-4000);
      const found = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(buffered);
      if (found) {
        clearTimeout(timer);
        buffered = '';
        resolve({ child, port: Number(found[1]), pid: child.pid! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app process exited (${code}) before listening:\n${output}`));
    });
  });
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  servedBy: number;
}

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${proxyUrl}${url}`, {
    method,
    headers: {
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
    servedBy: Number(res.headers.get('x-served-by')),
  };
}

/** The same request once on every live process (the proxy takes them in turn). */
async function onEveryProcess(method: string, url: string, token?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < live.length; i++) answers.push(await call(method, url, token));
  expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(live.map((p) => p.pid)));
  return answers;
}

/**
 * Asks every process, again and again, until each gives the expected answer or `withinMs` passes,
 * and returns the last round. Another process learns of a change by NOTIFY after its commit, so
 * within milliseconds but not inside the request that made it (under load, a request can reach it
 * first).
 */
async function untilEveryProcess(
  expected: (answer: Answer) => boolean,
  method: string,
  url: string,
  token?: string,
  withinMs = 3_000,
): Promise<Answer[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answers = await onEveryProcess(method, url, token);
    if (answers.every(expected) || Date.now() > deadline) return answers;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let staffCount = 0;
async function signIn(role: StaffRole): Promise<{ id: string; token: string }> {
  const email = `scale${++staffCount}@test.example.com`;
  const [user] = await database.db
    .insert(staffUsers)
    .values({
      name: `Scale ${staffCount}`,
      email,
      role,
      directory: 'users',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning();
  const res = await call('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return { id: user!.id, token: res.body.token as string };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

interface Note {
  what: 'start' | 'done';
  jobId: number;
  pid: number;
}
const notes = (): Note[] =>
  readFileSync(jobLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Note);

beforeAll(async () => {
  const template = inject('postgresTemplate');
  dbName = `${template}_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${template}`);
  await admin.end();
  database = await openDatabase({ databaseUrl: postgresUrl(dbName), poolSize: 2 });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'bo-scale-'));
  jobLog = path.join(workDir, 'jobs.log');
  writeFileSync(jobLog, '');
  const smtpPort = await startSmtp();
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: postgresUrl(dbName),
    DATABASE_POOL_SIZE: '4',
    WORKERS: 'on',
    JOB_LEASE_SECONDS: '1',
    APP_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: workDir,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: 'true',
    SCALE_OUT_LOG: jobLog,
  };
  apps = await Promise.all(Array.from({ length: PROCESSES }, () => startProcess(env)));
  live = [...apps];
  proxyUrl = await startProxy();
}, 120_000);

afterAll(async () => {
  await Promise.all(
    apps.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await database?.close();
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(workDir, { recursive: true, force: true });
}, 60_000);

describe('three app processes on one PostgreSQL database', () => {
  it('a session signed in through the load balancer works on every process', async () => {
    const agent = await signIn('agent');
    for (const answer of await onEveryProcess('GET', '/api/flags', agent.token))
      expect(answer.status).toBe(200);
  });

  it('signing out revokes the session on every process, announced by NOTIFY', async () => {
    const agent = await signIn('agent');
    // Every process has now checked, and remembers, the session.
    for (const answer of await onEveryProcess('GET', '/api/flags', agent.token))
      expect(answer.status).toBe(200);
    expect((await call('POST', '/api/auth/logout', agent.token)).status).toBe(200);
    const after = await untilEveryProcess((a) => a.status === 401, 'GET', '/api/flags', agent.token);
    for (const answer of after) expect(answer.status).toBe(401);
  });

  it('deactivating a staff member revokes their session on every process, announced by NOTIFY', async () => {
    const leader = await signIn('developer');
    const agent = await signIn('agent');
    for (const answer of await onEveryProcess('GET', '/api/flags', agent.token))
      expect(answer.status).toBe(200);
    expect((await call('POST', `/api/administrators/${agent.id}/deactivate`, leader.token)).status).toBe(200);
    const after = await untilEveryProcess((a) => a.status === 401, 'GET', '/api/flags', agent.token);
    for (const answer of after) expect(answer.status).toBe(401);
  });

  it('a feature flag changed on one process is seen by all of them', async () => {
    const developer = await signIn('developer');
    const before = await call('GET', '/api/flags/promoToolCartApi', developer.token);
    const enabled = !(before.body.data as { enabled: boolean }).enabled;
    const set = await call('PUT', '/api/flags/promoToolCartApi', developer.token, { enabled });
    expect(set.status).toBe(200);
    const seen = await untilEveryProcess(
      (a) => (a.body.data as { enabled?: boolean } | undefined)?.enabled === enabled,
      'GET',
      '/api/flags/promoToolCartApi',
      developer.token,
    );
    for (const answer of seen) {
      expect(answer.status).toBe(200);
      expect((answer.body.data as { enabled: boolean }).enabled).toBe(enabled);
    }
  });

  it('every outbox message and every job is handled exactly once while all three workers run', async () => {
    const messageIds: number[] = [];
    const jobIds: number[] = [];
    for (let i = 0; i < N; i++) {
      messageIds.push(
        await enqueueEmail(database.db, {
          template: 'scaleOut',
          to: `customer${i}@example.com`,
          subject: `Scale-out message ${i}`,
          html: `<p>Message ${i}</p>`,
          text: `Message ${i}`,
        }),
      );
    }
    // Most jobs are quick; two outlast their 1 s lease many times over and must not run twice.
    for (let i = 0; i < N; i++)
      jobIds.push(await enqueueJob(database.db, 'test.scaleOut', { holdMs: i < 2 ? 3500 : 20 }));

    await until(
      'every message sent and every job done',
      async () => {
        const sent = await database.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(inArray(outbox.id, messageIds));
        const done = await database.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(inArray(jobs.id, jobIds));
        return sent.every((m) => m.status === 'sent') && done.every((j) => j.status === 'succeeded')
          ? true
          : undefined;
      },
      45_000,
    );

    expect([...delivered].sort()).toEqual(
      Array.from({ length: N }, (_, i) => `Scale-out message ${i}`).sort(),
    );
    const mine = notes().filter((n) => jobIds.includes(n.jobId));
    for (const what of ['start', 'done'] as const)
      expect(
        mine
          .filter((n) => n.what === what)
          .map((n) => n.jobId)
          .sort((a, b) => a - b),
      ).toEqual(jobIds);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, jobIds));
    expect(rows.every((j) => j.attempts === 1)).toBe(true);
    // The work was shared: more than one process ran jobs.
    expect(new Set(mine.map((n) => n.pid)).size).toBeGreaterThan(1);
    console.log(
      `jobs per process: ${JSON.stringify(Object.fromEntries(apps.map((p) => [p.pid, mine.filter((n) => n.pid === p.pid && n.what === 'done').length])))}`,
    );
  }, 60_000);

  it('the job of a process killed in the middle of it is finished by another', async () => {
    const id = await enqueueJob(database.db, 'test.scaleOut', { holdMs: 60_000 });
    const started = await until('the job to start', async () =>
      notes().find((n) => n.jobId === id && n.what === 'start'),
    );
    const victim = apps.find((p) => p.pid === started.pid)!;
    // The process that takes the job over would hold it a minute too: it reads a payload that lets
    // it finish at once (the victim holds the one it read).
    await database.db
      .update(jobs)
      .set({ payload: { holdMs: 0 } })
      .where(eq(jobs.id, id));
    live = live.filter((p) => p !== victim);
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    const [row] = await until('the job to finish', async () => {
      const found = await database.db.select().from(jobs).where(eq(jobs.id, id));
      return found[0]?.status === 'succeeded' ? found : undefined;
    });
    const tookMs = Date.now() - killedAt;
    const runs = notes().filter((n) => n.jobId === id);
    expect(runs.filter((n) => n.what === 'start').map((n) => n.pid)).toEqual([
      victim.pid,
      expect.any(Number),
    ]);
    const finisher = runs.find((n) => n.what === 'done')!.pid;
    expect(runs.filter((n) => n.what === 'done')).toHaveLength(1);
    expect(finisher).not.toBe(victim.pid);
    expect(row).toMatchObject({ attempts: 2, result: { pid: finisher } });
    console.log(`killed process's job finished by another ${tookMs} ms after the kill`);
    // The other processes still serve signed-in requests.
    const agent = await signIn('agent');
    for (const answer of await onEveryProcess('GET', '/api/flags', agent.token))
      expect(answer.status).toBe(200);
  }, 60_000);
});
