import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { enqueueJob, processJobs } from './jobs';
import type { Mailer } from './mailer';
import { enqueueEmail, processOutbox } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function countingMailer() {
  const sent: string[] = [];
  const mailer: Mailer = {
    async send(m) {
      sent.push(m.to);
      await new Promise((r) => setTimeout(r, 2));
      return `<${m.to}>`;
    },
    close() {},
  };
  return { mailer, sent };
}

describe('outbox worker', () => {
  it('delivers each message exactly once when several workers run at the same time', async () => {
    for (let i = 0; i < 30; i++) {
      await enqueueEmail(t.database.db, {
        template: 't',
        to: `w${i}@example.com`,
        subject: 's',
        html: 'h',
        text: 't',
      });
    }
    const { mailer, sent } = countingMailer();
    const deps = { db: t.database.db, mailer, log: t.app.log, batchSize: 5 };
    const worker = async () => {
      while ((await processOutbox(deps)) > 0) {}
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(sent.filter((to) => to.startsWith('w')).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `w${i}@example.com`).sort(),
    );
    const [pending] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`status <> 'sent'`);
    expect(pending?.n).toBe(0);
  });

  it('picks up a message a crashed worker left in sending once its lock expires', async () => {
    const id = await enqueueEmail(t.database.db, {
      template: 't',
      to: 'crash@example.com',
      subject: 's',
      html: 'h',
      text: 't',
    });
    await t.database.db.execute(
      sql`update outbox set status = 'sending', attempts = 1, locked_until = now() - interval '1 second' where id = ${id}`,
    );
    const { mailer, sent } = countingMailer();
    await processOutbox({ db: t.database.db, mailer, log: t.app.log });
    expect(sent).toContain('crash@example.com');
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    const id = await enqueueEmail(t.database.db, {
      template: 't',
      to: 'dead@example.com',
      subject: 's',
      html: 'h',
      text: 't',
    });
    await t.database.db.execute(sql`update outbox set attempts = max_attempts - 1 where id = ${id}`);
    const failing: Mailer = {
      send: async () => {
        throw new Error('mailbox unavailable');
      },
      close() {},
    };
    await processOutbox({ db: t.database.db, mailer: failing, log: t.app.log });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'mailbox unavailable' });
  });
});

describe('job runner', () => {
  it('runs due jobs once, records results, retries failures with back-off', async () => {
    const ran: number[] = [];
    await enqueueJob(t.database.db, 'test.ok', { n: 1 });
    await enqueueJob(t.database.db, 'test.ok', { n: 2 });
    const failing = await enqueueJob(t.database.db, 'test.fail', {});
    const later = await enqueueJob(
      t.database.db,
      'test.ok',
      { n: 3 },
      { runAt: new Date(Date.now() + 60_000) },
    );
    const handlers = {
      'test.ok': async (payload: Record<string, unknown>) => {
        ran.push(payload.n as number);
        return { doubled: (payload.n as number) * 2 };
      },
      'test.fail': async () => {
        throw new Error('boom');
      },
    };
    await Promise.all([
      processJobs(t.database.db, handlers, t.app.log),
      processJobs(t.database.db, handlers, t.app.log),
    ]);
    expect(ran.sort()).toEqual([1, 2]);
    const all = await t.database.db.select().from(jobs);
    expect(all.filter((j) => j.status === 'succeeded').map((j) => j.result)).toEqual(
      expect.arrayContaining([{ doubled: 2 }, { doubled: 4 }]),
    );
    const failed = all.find((j) => j.id === failing)!;
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom' });
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(all.find((j) => j.id === later)?.status).toBe('queued');
  });
});

describe('job leases', () => {
  it('a job whose lease ran out is taken over, and the late first worker records nothing', async () => {
    const id = await enqueueJob(t.database.db, 'test.lease', {});
    let started!: () => void;
    const firstStarted = new Promise<void>((r) => {
      started = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const first = processJobs(
      t.database.db,
      {
        'test.lease': async () => {
          started();
          await held;
          return { by: 'first' };
        },
      },
      t.app.log,
    );
    await firstStarted;
    // The first worker stops renewing (killed, or paused past its lease): the lease runs out.
    await t.database.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`,
    );
    const taken = await processJobs(
      t.database.db,
      { 'test.lease': async () => ({ by: 'second' }) },
      t.app.log,
    );
    expect(taken).toBe(1);
    release();
    await first;
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, result: { by: 'second' } });
  });

  it('a running job is not claimed again while its lease holds', async () => {
    const id = await enqueueJob(t.database.db, 'test.held', {});
    let started!: () => void;
    const firstStarted = new Promise<void>((r) => {
      started = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const ran: string[] = [];
    const handler = (name: string) => async () => {
      ran.push(name);
      started();
      await held;
      return {};
    };
    const first = processJobs(t.database.db, { 'test.held': handler('first') }, t.app.log);
    await firstStarted;
    expect(await processJobs(t.database.db, { 'test.held': handler('second') }, t.app.log)).toBe(0);
    release();
    await first;
    expect(ran).toEqual(['first']);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
