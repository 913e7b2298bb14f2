import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../db/schema';
import { type Db, type DbOrTx, rows } from './db';
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

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED and runs their handlers. A job whose worker died is
 * claimed again when its lock expires; a failing job is retried with back-off, then marked failed.
 */
export async function processJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  batchSize = 5,
): Promise<number> {
  const types = Object.keys(handlers);
  if (types.length === 0) return 0;
  const claimed = await rows<ClaimedJob>(
    db,
    sql`update jobs set status = 'running', attempts = attempts + 1, locked_until = now() + interval '10 minutes'
        where id in (
          select id from jobs
          where type in (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})
            and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          order by run_at, id
          limit ${batchSize}
          for update skip locked)
        returning id, type, payload, attempts, max_attempts`,
  );
  for (const job of claimed) {
    const handler = handlers[job.type]!;
    const ctx: JobContext = {
      db,
      log: log.child({ jobId: job.id, jobType: job.type }),
      jobId: job.id,
      progress: async (percent) => {
        await db.execute(
          sql`update jobs set progress = ${Math.max(0, Math.min(100, Math.round(percent)))} where id = ${job.id}`,
        );
      },
    };
    try {
      const result = (await handler(job.payload, ctx)) ?? {};
      await db.execute(
        sql`update jobs set status = 'succeeded', progress = 100, result = ${JSON.stringify(result)}::jsonb,
              finished_at = now(), locked_until = null, last_error = null
            where id = ${job.id}`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.max_attempts;
      ctx.log.warn({ err, attempt: job.attempts }, 'job failed');
      await db.execute(
        sql`update jobs set status = ${giveUp ? 'failed' : 'queued'}, last_error = ${message}, locked_until = null,
              run_at = ${new Date(Date.now() + backoffMs(job.attempts)).toISOString()},
              finished_at = ${giveUp ? new Date().toISOString() : null}
            where id = ${job.id}`,
      );
    }
  }
  return claimed.length;
}
