import type { DiscrepancyKind, ReconciliationThresholds } from '@domain/reconciliation/reconciliation';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { jobs, reconciliationRuns } from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';
import { CHECKS, type CheckInput } from './reconciliation.checks';

// Reconciliation runs and discrepancies (ADR 025): the statements a run makes and the screen reads.

export type RunRow = typeof reconciliationRuns.$inferSelect;

const ACTIVE = ['queued', 'running'] as const;

/**
 * Inserts a run unless one is queued or running (or, nightly, unless that day's run exists): the
 * unique indexes decide between processes asking at once. Null when nothing was inserted.
 */
export async function insertRun(
  tx: DbOrTx,
  values: {
    trigger: 'manual' | 'nightly';
    nightlyFor?: string | null;
    requestedBy: string | null;
    thresholds: ReconciliationThresholds;
  },
): Promise<RunRow | null> {
  const [row] = await tx
    .insert(reconciliationRuns)
    .values({
      trigger: values.trigger,
      nightlyFor: values.nightlyFor ?? null,
      requestedBy: values.requestedBy,
      thresholds: values.thresholds,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setJob(tx: DbOrTx, runId: number, jobId: number) {
  await tx.update(reconciliationRuns).set({ jobId }).where(eq(reconciliationRuns.id, runId));
}

/** The run queued or running, with the state of its job (null when the job row is gone). */
export async function activeRun(db: DbOrTx): Promise<(RunRow & { jobStatus: string | null }) | null> {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .where(inArray(reconciliationRuns.status, [...ACTIVE]))
    .limit(1);
  if (!row) return null;
  const job = row.jobId
    ? await rows<{ status: string }>(db, sql`select status from jobs where id = ${row.jobId}`)
    : [];
  return { ...row, jobStatus: job[0]?.status ?? null };
}

export async function latestFinishedRun(db: DbOrTx): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .where(isNotNull(reconciliationRuns.finishedAt))
    .orderBy(desc(reconciliationRuns.finishedAt), desc(reconciliationRuns.id))
    .limit(1);
  return row ?? null;
}

export async function findRun(db: DbOrTx, id: number): Promise<RunRow | null> {
  const [row] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row ?? null;
}

/** Marks a run started (once: a run taken over after its worker died keeps its first start). */
export async function markStarted(db: DbOrTx, id: number, now: Date) {
  await db
    .update(reconciliationRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${reconciliationRuns.startedAt}, ${now})` })
    .where(and(eq(reconciliationRuns.id, id), inArray(reconciliationRuns.status, [...ACTIVE])));
}

export async function saveCounts(db: DbOrTx, id: number, counts: RunRow['counts']) {
  await db.update(reconciliationRuns).set({ counts }).where(eq(reconciliationRuns.id, id));
}

export async function finishRun(
  db: DbOrTx,
  id: number,
  outcome: { status: 'succeeded' | 'failed'; error?: string | null; counts?: RunRow['counts'] },
) {
  await db
    .update(reconciliationRuns)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      finishedAt: new Date(),
      ...(outcome.counts ? { counts: outcome.counts } : {}),
    })
    .where(eq(reconciliationRuns.id, id));
}

/**
 * One check: what it finds is upserted as open discrepancies of its kind (first seen now, or seen
 * again), and open ones of its kind it no longer finds are resolved — in the caller's transaction.
 */
export async function applyCheck(
  tx: DbOrTx,
  kind: DiscrepancyKind,
  runId: number,
  input: CheckInput,
): Promise<{ found: number; new: number; resolved: number }> {
  const now = input.now;
  const check = CHECKS[kind];
  // A batch job over whole tables (ADR 025): a hash of a whole table held in memory, and no
  // expression compiling (JIT), which costs more than it saves on these plain scans.
  // Raw SQL: SET LOCAL has no builder form.
  if (check.workMem) await tx.execute(sql.raw(`set local work_mem = '${check.workMem}'`));
  // Raw SQL: SET LOCAL has no builder form.
  await tx.execute(sql`set local jit = off`);
  const [seen] = await rows<{ found: number; new: number }>(
    tx,
    sql`with found as (${check.query(input)}),
        upserted as (
          insert into reconciliation_discrepancies as d
            (kind, record_type, record_id, order_id, customer_uid, country, currency, expected_cents, actual_cents,
             details, first_seen_run_id, last_seen_run_id, first_seen_at, last_seen_at)
          select ${kind}, record_type, record_id, order_id, customer_uid, country, currency, expected_cents, actual_cents,
                 details, ${runId}, ${runId}, ${now}, ${now}
          from found
          on conflict (kind, record_type, record_id) where resolved_at is null
          do update set last_seen_run_id = excluded.last_seen_run_id, last_seen_at = excluded.last_seen_at,
                        order_id = excluded.order_id, customer_uid = excluded.customer_uid,
                        currency = excluded.currency, expected_cents = excluded.expected_cents,
                        actual_cents = excluded.actual_cents, details = excluded.details
          returning (xmax = 0) as inserted
        )
        select count(*)::int as found, (count(*) filter (where inserted))::int as new from upserted`,
  );
  const resolved = await rows<{ id: number }>(
    tx,
    sql`update reconciliation_discrepancies set resolved_at = ${now}, resolved_run_id = ${runId}
        where kind = ${kind} and resolved_at is null and last_seen_run_id <> ${runId}
        returning id`,
  );
  return { found: seen?.found ?? 0, new: seen?.new ?? 0, resolved: resolved.length };
}

/** Keeps the job's claim while a long run goes on (processJobs gives a claim 10 minutes). */
export async function extendJobLock(db: DbOrTx, jobId: number) {
  await db.update(jobs).set({ lockedUntil: sql`now() + interval '10 minutes'` }).where(eq(jobs.id, jobId));
}

export interface DiscrepancyRow {
  id: number;
  kind: string;
  record_type: string;
  record_id: string;
  order_id: string | null;
  customer_uid: string | null;
  country: string | null;
  currency: string | null;
  expected_cents: string | number | null;
  actual_cents: string | number | null;
  details: string;
  first_seen_at: string | Date;
  last_seen_at: string | Date;
  order_number: number | null;
  customer_user_type: number | null;
  first_name: string | null;
  last_name: string | null;
}

/** Open discrepancies, newest first (one row more than asked, to tell whether another page follows). */
export function listOpen(db: DbOrTx, opts: { offset: number; limit: number; kind?: DiscrepancyKind }) {
  return rows<DiscrepancyRow>(
    db,
    sql`select d.id, d.kind, d.record_type, d.record_id, d.order_id, coalesce(d.customer_uid, o.customer_uid) as customer_uid,
               d.country, d.currency, d.expected_cents, d.actual_cents, d.details, d.first_seen_at, d.last_seen_at,
               o.order_id as order_number, o.customer_user_type, a.first_name, a.last_name
        from reconciliation_discrepancies d
        left join orders o on o.id = d.order_id
        left join accounts a on a.uid = coalesce(d.customer_uid, o.customer_uid)
        where d.resolved_at is null ${opts.kind ? sql`and d.kind = ${opts.kind}` : sql``}
        order by d.first_seen_at desc, d.id desc
        limit ${opts.limit + 1} offset ${opts.offset}`,
  );
}

export async function openByKind(db: DbOrTx): Promise<Record<string, number>> {
  const counted = await rows<{ kind: string; n: number }>(
    db,
    sql`select kind, count(*)::int as n from reconciliation_discrepancies where resolved_at is null group by kind`,
  );
  return Object.fromEntries(counted.map((r) => [r.kind, r.n]));
}
