import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../db/schema';
import type { Db, DbOrTx } from './db';
import { heartbeat } from './lease';
import { backoffMs } from './poller';

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  jobId: number;
  /** Records progress (0–100) so screens can show it. */
  progress(percent: number): Promise<void>;
}

export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: JobContext,
) => Promise<Record<string, unknown> | undefined>;

/** Queues a background job in the caller's transaction. */
export async function enqueueJob(
  tx: DbOrTx,
  type: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; createdBy?: string; maxAttempts?: number } = {},
): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({
      type,
      payload,
      runAt: opts.runAt ?? new Date(),
      createdBy: opts.createdBy ?? null,
      ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

interface ClaimedJob {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** How long a claimed job stays its worker's when the worker stops renewing it (it died). */
export const DEFAULT_JOB_LEASE_MS = 60_000;

export interface JobRunOptions {
  batchSize?: number;
  /** The lease of a claim, renewed every third of it while the handler runs (default 60 s). */
  leaseMs?: number;
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED and runs their handlers. Each claim is a lease that
 * the worker renews while the handler runs; a worker that dies (killed, host lost) stops renewing,
 * and once the lease runs out any worker claims the job again. The attempt number fences the
 * outcome: a worker that lost its lease (paused past it) neither renews nor records anything.
 * A failing job is retried with back-off, then marked failed.
 */
export async function processJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  opts: JobRunOptions = {},
): Promise<number> {
  const types = Object.keys(handlers);
  if (types.length === 0) return 0;
  const leaseMs = Math.max(100, Math.round(opts.leaseMs ?? DEFAULT_JOB_LEASE_MS));
  const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const claimed: ClaimedJob[] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease })
    .where(
      inArray(
        jobs.id,
        db
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              inArray(jobs.type, types),
              or(
                and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
                and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
              ),
            ),
          )
          .orderBy(jobs.runAt, jobs.id)
          .limit(opts.batchSize ?? 5)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({
      id: jobs.id,
      type: jobs.type,
      payload: jobs.payload,
      attempts: jobs.attempts,
      max_attempts: jobs.maxAttempts,
    });
  // The whole batch is renewed together: a job waiting its turn behind a slow one keeps its lease.
  // The same heartbeat as checkouts and refunds (lease.ts): one renewal at a time, every third of the lease.
  const held = new Map(claimed.map((job) => [Number(job.id), job]));
  const owned = (job: ClaimedJob) =>
    sql`(id = ${job.id} and status = 'running' and attempts = ${job.attempts})`;
  const beat = heartbeat(
    async () => {
      const pending = [...held.values()];
      if (pending.length === 0) return true;
      const renewed = await db
        .update(jobs)
        .set({ lockedUntil: lease })
        .where(or(...pending.map(owned)))
        .returning({ id: jobs.id });
      const kept = new Set(renewed.map((r) => Number(r.id)));
      for (const job of pending) {
        if (kept.has(Number(job.id)) || !held.delete(Number(job.id))) continue;
        log.warn(
          { jobId: job.id, jobType: job.type, attempt: job.attempts },
          'job lease lost: another worker may run it',
        );
      }
      return true;
    },
    log,
    leaseMs / 1000,
  );
  try {
    for (const job of claimed) {
      // A job whose lease was lost before its turn is another worker's now.
      if (!held.has(Number(job.id))) continue;
      await runClaimed(db, handlers, log, job, owned(job));
      held.delete(Number(job.id));
    }
  } finally {
    beat.stop();
  }
  return claimed.length;
}

async function runClaimed(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  job: ClaimedJob,
  mine: ReturnType<typeof sql>,
): Promise<void> {
  const handler = handlers[job.type]!;
  const jobLog = log.child({ jobId: job.id, jobType: job.type });
  const ctx: JobContext = {
    db,
    log: jobLog,
    jobId: job.id,
    progress: async (percent) => {
      await db
        .update(jobs)
        .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
        .where(mine);
    },
  };
  let recorded: { id: number }[];
  try {
    const result = (await handler(job.payload, ctx)) ?? {};
    recorded = await db
      .update(jobs)
      .set({
        status: 'succeeded',
        progress: 100,
        result,
        finishedAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
      })
      .where(mine)
      .returning({ id: jobs.id });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const giveUp = job.attempts >= job.max_attempts;
    ctx.log.warn({ err, attempt: job.attempts }, 'job failed');
    recorded = await db
      .update(jobs)
      .set({
        status: giveUp ? 'failed' : 'queued',
        lastError: message,
        lockedUntil: null,
        runAt: new Date(Date.now() + backoffMs(job.attempts)),
        finishedAt: giveUp ? new Date() : null,
      })
      .where(mine)
      .returning({ id: jobs.id });
  }
  if (recorded.length === 0)
    jobLog.warn({ attempt: job.attempts }, 'job outcome discarded: its lease had passed to another worker');
}
