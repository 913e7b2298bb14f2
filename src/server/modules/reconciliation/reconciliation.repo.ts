import type { DiscrepancyKind, ReconciliationThresholds } from '@domain/reconciliation/reconciliation';
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { accounts, jobs, orders, reconciliationDiscrepancies, reconciliationRuns } from '../../db/schema';
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
    ? await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, row.jobId))
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
  // Raw SQL: an INSERT … SELECT of some columns, from the check's query in a CTE, has no builder form.
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
  const resolved = await tx
    .update(reconciliationDiscrepancies)
    .set({ resolvedAt: now, resolvedRunId: runId })
    .where(
      and(
        eq(reconciliationDiscrepancies.kind, kind),
        isNull(reconciliationDiscrepancies.resolvedAt),
        ne(reconciliationDiscrepancies.lastSeenRunId, runId),
      ),
    )
    .returning({ id: reconciliationDiscrepancies.id });
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
export function listOpen(
  db: DbOrTx,
  opts: { offset: number; limit: number; kind?: DiscrepancyKind },
): Promise<DiscrepancyRow[]> {
  const d = reconciliationDiscrepancies;
  const customerUid = sql<string | null>`coalesce(${d.customerUid}, ${orders.customerUid})`;
  return db
    .select({
      id: d.id,
      kind: d.kind,
      record_type: d.recordType,
      record_id: d.recordId,
      order_id: d.orderId,
      customer_uid: customerUid,
      country: d.country,
      currency: d.currency,
      expected_cents: d.expectedCents,
      actual_cents: d.actualCents,
      details: d.details,
      first_seen_at: d.firstSeenAt,
      last_seen_at: d.lastSeenAt,
      order_number: orders.orderId,
      customer_user_type: orders.customerUserType,
      first_name: accounts.firstName,
      last_name: accounts.lastName,
    })
    .from(d)
    .leftJoin(orders, eq(orders.id, d.orderId))
    .leftJoin(accounts, eq(accounts.uid, customerUid))
    .where(and(isNull(d.resolvedAt), opts.kind ? eq(d.kind, opts.kind) : undefined))
    .orderBy(desc(d.firstSeenAt), desc(d.id))
    .limit(opts.limit + 1)
    .offset(opts.offset);
}

export async function openByKind(db: DbOrTx): Promise<Record<string, number>> {
  const counted = await db
    .select({ kind: reconciliationDiscrepancies.kind, n: sql<number>`count(*)::int` })
    .from(reconciliationDiscrepancies)
    .where(isNull(reconciliationDiscrepancies.resolvedAt))
    .groupBy(reconciliationDiscrepancies.kind);
  return Object.fromEntries(counted.map((r) => [r.kind, r.n]));
}
