import { orderNumberLabel } from '@domain/customers/order-status';
import {
  DISCREPANCY_KINDS,
  type Discrepancy,
  type DiscrepancyKind,
  GATEWAY_SETTLE_MINUTES,
  type KindCounts,
  nightlySlot,
  RECONCILIATION_MESSAGES,
  type ReconciliationRun,
  type ReconciliationThresholds,
} from '@domain/reconciliation/reconciliation';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, recordChange, SYSTEM_ACTOR } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { DEFAULT_LEASE_SECONDS } from '../../platform/idempotency';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import type { WorkerSpec } from '../../platform/workers';
import * as repo from './reconciliation.repo';

// Money reconciliation (ADR 025). A run is a row of reconciliation_runs carried out by a job: the
// job worker claims it with FOR UPDATE SKIP LOCKED, so one process runs it whatever the number of
// processes. One run at a time: asking while one is queued or running answers that one.

export const RECONCILIATION_JOB = 'reconciliation';
const LOG = 'reconciliation-log';

export const thresholdsOf = (ctx: Pick<AppContext, 'config'>): ReconciliationThresholds => ({
  exportGraceMinutes: ctx.config.reconciliation.exportGraceMinutes,
  refundLeaseSeconds: DEFAULT_LEASE_SECONDS,
  gatewaySettleMinutes: GATEWAY_SETTLE_MINUTES,
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function runView(r: repo.RunRow): ReconciliationRun {
  return {
    id: r.id,
    trigger: r.trigger,
    status: r.status,
    requestedBy: r.requestedBy,
    createdAt: iso(r.createdAt)!,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    thresholds: r.thresholds,
    counts: r.counts as ReconciliationRun['counts'],
    error: r.error,
  };
}

/** A run whose job has ended without finishing it (its handler died past every retry) stops blocking others. */
async function clearAbandoned(db: Db, active: NonNullable<Awaited<ReturnType<typeof repo.activeRun>>>) {
  if (active.jobStatus === 'queued' || active.jobStatus === 'running') return false;
  await repo.finishRun(db, active.id, {
    status: 'failed',
    error: 'The run’s job ended before the run finished.',
  });
  return true;
}

/**
 * Queues a run unless one is queued or running, in one transaction with its job (and, for a run
 * by hand, its audit event). Answers the run and whether this call started it.
 */
export async function requestRun(
  ctx: Pick<AppContext, 'db' | 'config' | 'wakeJobs'>,
  opts: { trigger: 'manual' | 'nightly'; actor: Actor; nightlyFor?: string },
): Promise<{ run: repo.RunRow; started: boolean } | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await ctx.db.transaction(async (tx) => {
      const run = await repo.insertRun(tx, {
        trigger: opts.trigger,
        nightlyFor: opts.nightlyFor ?? null,
        requestedBy: opts.trigger === 'manual' ? (opts.actor.name ?? opts.actor.email) : null,
        thresholds: thresholdsOf(ctx),
      });
      if (!run) return null;
      const jobId = await enqueueJob(
        tx,
        RECONCILIATION_JOB,
        { runId: run.id },
        {
          createdBy: opts.actor.email,
          maxAttempts: 1,
        },
      );
      await repo.setJob(tx, run.id, jobId);
      await recordChange(tx, {
        collection: LOG,
        entityId: String(run.id),
        action: 'reconciliation.start',
        actor: opts.actor,
        after: { run: { id: run.id, trigger: run.trigger, nightlyFor: run.nightlyFor } },
      });
      return { ...run, jobId };
    });
    if (inserted) {
      ctx.wakeJobs();
      return { run: inserted, started: true };
    }
    const active = await repo.activeRun(ctx.db);
    if (active && !(await clearAbandoned(ctx.db, active))) return { run: active, started: false };
    // Nightly: that day's run exists already (or a run was just finishing): nothing to start.
    if (!active && opts.trigger === 'nightly') return null;
  }
  return null;
}

/** Every check in turn, each in its own transaction; the counts are saved as they come. */
export async function runChecks(
  db: Db,
  run: repo.RunRow,
  opts: { now?: Date; log?: FastifyBaseLogger; afterCheck?: (kind: DiscrepancyKind) => Promise<void> } = {},
) {
  const now = opts.now ?? new Date();
  await repo.markStarted(db, run.id, now);
  const counts: Partial<Record<DiscrepancyKind, KindCounts>> = {};
  for (const kind of DISCREPANCY_KINDS) {
    const started = performance.now();
    let result: Awaited<ReturnType<typeof repo.applyCheck>>;
    try {
      result = await db.transaction((tx) =>
        repo.applyCheck(tx, kind, run.id, { now, thresholds: run.thresholds }),
      );
    } catch (err) {
      opts.log?.error({ err, runId: run.id, kind }, 'reconciliation check failed');
      await repo.finishRun(db, run.id, {
        status: 'failed',
        error: RECONCILIATION_MESSAGES.failed(kind),
        counts,
      });
      throw err;
    }
    counts[kind] = { ...result, ms: Math.round(performance.now() - started) };
    await repo.saveCounts(db, run.id, counts);
    await opts.afterCheck?.(kind);
  }
  await repo.finishRun(db, run.id, { status: 'succeeded', counts });
  opts.log?.info({ runId: run.id, counts }, 'reconciliation finished');
  return counts;
}

/** The job: runs the checks of its run (again from the start if a worker died mid-way). */
export const reconciliationJob: JobHandler = async (payload, job) => {
  const run = await repo.findRun(job.db, Number(payload.runId));
  if (!run || run.status === 'succeeded' || run.status === 'failed') return { skipped: true };
  let done = 0;
  const counts = await runChecks(job.db, run, {
    log: job.log,
    afterCheck: async () => {
      done++;
      await repo.extendJobLock(job.db, job.jobId);
      await job.progress((done * 100) / DISCREPANCY_KINDS.length);
    },
  });
  return { runId: run.id, counts };
};

/** Every process looks once a minute whether tonight's run is due; the database lets one of them queue it. */
export function reconciliationNightlyWorker(
  ctx: Pick<AppContext, 'config'>,
  clock: () => number = Date.now,
): WorkerSpec {
  let queuedFor: string | null = null;
  return {
    name: 'reconciliation-nightly',
    intervalMs: 60_000,
    tick: async ({ db }) => {
      const slot = nightlySlot(clock(), ctx.config.reconciliation.nightlyHour);
      if (!slot || slot === queuedFor) return 0;
      const answer = await requestRun(
        { db, config: ctx.config, wakeJobs: () => {} },
        { trigger: 'nightly', actor: SYSTEM_ACTOR, nightlyFor: slot },
      );
      // Started here, or that day's run exists: done for the night. A run by hand under way: ask again.
      if (!answer || answer.started) queuedFor = slot;
      return 0;
    },
  };
}

// --- The screen ---------------------------------------------------------------------------------

const cents = (v: string | number | null) => (v === null ? null : Number(v));

function discrepancyView(r: repo.DiscrepancyRow): Discrepancy {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: Number(r.id),
    kind: r.kind as Discrepancy['kind'],
    recordType: r.record_type as Discrepancy['recordType'],
    recordId: r.record_id,
    orderDocId: r.order_id,
    orderLabel:
      r.order_number === null || r.customer_user_type === null
        ? null
        : orderNumberLabel(r.order_number, r.customer_user_type),
    customerUid: r.customer_uid,
    customerName: name || null,
    country: r.country,
    currency: r.currency,
    expectedCents: cents(r.expected_cents),
    actualCents: cents(r.actual_cents),
    details: r.details,
    firstSeenAt: iso(r.first_seen_at)!,
    lastSeenAt: iso(r.last_seen_at)!,
  };
}

export async function reconciliationPage(
  ctx: Pick<AppContext, 'db'>,
  page: number,
  limit: number,
  kind?: DiscrepancyKind,
) {
  const [latest, active, byKind, found] = await Promise.all([
    repo.latestFinishedRun(ctx.db),
    repo.activeRun(ctx.db),
    repo.openByKind(ctx.db),
    repo.listOpen(ctx.db, { offset: (page - 1) * limit, limit, ...(kind ? { kind } : {}) }),
  ]);
  return {
    latestRun: latest ? runView(latest) : null,
    activeRun: active ? runView(active) : null,
    openByKind: byKind,
    discrepancies: found.slice(0, limit).map(discrepancyView),
    hasMore: found.length > limit,
  };
}
