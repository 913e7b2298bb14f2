import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';

/**
 * Money reconciliation runs (ADR 025): one row per run, nightly or on demand, each carried out by a
 * job (`jobs`). At most one run is queued or running at a time (partial unique index), and at most
 * one nightly run per Pacific day (`nightly_for`), whatever the number of processes asking.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' }),
    trigger: text('trigger').$type<'manual' | 'nightly'>().notNull(),
    /** The Pacific day of a nightly run; null for runs started by hand. */
    nightlyFor: date('nightly_for', { mode: 'string' }),
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull().default('queued'),
    requestedBy: text('requested_by'),
    thresholds: jsonb('thresholds')
      .$type<{ exportGraceMinutes: number; refundLeaseSeconds: number; gatewaySettleMinutes: number }>()
      .notNull(),
    /** Per kind: found, new, resolved, and the check's time in ms. */
    counts: jsonb('counts')
      .$type<Record<string, { found: number; new: number; resolved: number; ms: number }>>()
      .notNull()
      .default({}),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: utc('started_at'),
    finishedAt: utc('finished_at'),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_one_active_key')
      .on(sql`(true)`)
      .where(sql`status in ('queued', 'running')`),
    uniqueIndex('reconciliation_runs_nightly_key').on(t.nightlyFor),
    index('reconciliation_runs_finished_idx')
      .on(t.finishedAt.desc(), t.id.desc())
      .where(sql`finished_at is not null`),
  ],
);

/**
 * What the runs found: one open row per (kind, record) while runs keep finding it; a run that no
 * longer finds it resolves it. Found again later, it is a new row.
 */
export const reconciliationDiscrepancies = pgTable(
  'reconciliation_discrepancies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    orderId: text('order_id'),
    customerUid: text('customer_uid'),
    country: text('country'),
    currency: text('currency'),
    expectedCents: bigint('expected_cents', { mode: 'number' }),
    actualCents: bigint('actual_cents', { mode: 'number' }),
    details: text('details').notNull(),
    firstSeenRunId: bigint('first_seen_run_id', { mode: 'number' }).notNull(),
    lastSeenRunId: bigint('last_seen_run_id', { mode: 'number' }).notNull(),
    firstSeenAt: utc('first_seen_at').notNull().defaultNow(),
    lastSeenAt: utc('last_seen_at').notNull().defaultNow(),
    resolvedAt: utc('resolved_at'),
    resolvedRunId: bigint('resolved_run_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('reconciliation_discrepancies_open_key')
      .on(t.kind, t.recordType, t.recordId)
      .where(sql`resolved_at is null`),
    // The screen: open discrepancies, newest first.
    index('reconciliation_discrepancies_open_list_idx')
      .on(t.firstSeenAt.desc(), t.id.desc())
      .where(sql`resolved_at is null`),
  ],
);
