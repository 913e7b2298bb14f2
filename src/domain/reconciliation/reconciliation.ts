import { z } from 'zod';
import { PageQuery } from '../platform/envelope';
import { zoneOffsetMs } from '../platform/time-zone';

// Money reconciliation (ADR 025): a job that looks for broken money invariants across the whole
// database, nightly and on demand, and keeps each discrepancy found until a later run no longer
// finds it. Amounts are integer cents; the screen formats them.

/** What each check looks for; the order is the screen's and the run's. */
export const DISCREPANCY_KINDS = [
  'capturedTotal',
  'overRefund',
  'gatewayLedger',
  'notExported',
  'creditLedger',
  'creditRemaining',
  'staleRefund',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** Each kind in words, as staff read it. */
export const DISCREPANCY_KIND_LABELS: Record<DiscrepancyKind, string> = {
  capturedTotal: 'Captured total differs from the grand total',
  overRefund: 'Refunded more than was paid',
  gatewayLedger: 'Payment gateway and order payments disagree',
  notExported: 'Captured order neither in Phoenix nor on Failed orders',
  creditLedger: 'Product credit balance differs from its ledger',
  creditRemaining: 'Product credit balance differs from the credit left on its grants',
  staleRefund: 'Refund still pending after its lease',
};

export const RECORD_TYPES = ['order', 'payment', 'refund', 'productCredit', 'gatewayTransaction'] as const;

/** Default minutes a captured order may wait for Phoenix before it counts as lost (RECONCILIATION_EXPORT_MINUTES). */
export const DEFAULT_EXPORT_GRACE_MINUTES = 60;
/** Default Pacific hour from which the nightly run is due (RECONCILIATION_NIGHTLY_HOUR). */
export const DEFAULT_NIGHTLY_HOUR = 2;
/** A gateway charge or capture with no payment on the order is only counted once this old (a checkout in flight). */
export const GATEWAY_SETTLE_MINUTES = 10;

export interface ReconciliationThresholds {
  exportGraceMinutes: number;
  /** The refund worker's lease (ADR 014) when its idempotency key is no longer kept. */
  refundLeaseSeconds: number;
  gatewaySettleMinutes: number;
}

export const KindCounts = z.object({
  /** Discrepancies of this kind the run found (open once it finished). */
  found: z.number().int(),
  /** Of those, first seen by this run. */
  new: z.number().int(),
  /** Open before the run, not found by it: resolved. */
  resolved: z.number().int(),
  /** How long the check took. */
  ms: z.number().int(),
});
export type KindCounts = z.infer<typeof KindCounts>;

export const RUN_TRIGGERS = ['manual', 'nightly'] as const;
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const ReconciliationRun = z.object({
  id: z.number().int(),
  trigger: z.enum(RUN_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  thresholds: z.object({
    exportGraceMinutes: z.number().int(),
    refundLeaseSeconds: z.number().int(),
    gatewaySettleMinutes: z.number().int(),
  }),
  /** Per kind, once the run finished (partial while it runs). */
  counts: z.partialRecord(z.enum(DISCREPANCY_KINDS), KindCounts),
  /** Why a failed run stopped, in words. */
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const Discrepancy = z.object({
  id: z.number().int(),
  kind: z.enum(DISCREPANCY_KINDS),
  recordType: z.enum(RECORD_TYPES),
  recordId: z.string(),
  /** The order it concerns (its document id: /orders/{orderDocId}/info), when there is one. */
  orderDocId: z.string().nullable(),
  /** The number staff read (F… or X…), when the order exists. */
  orderLabel: z.string().nullable(),
  /** The customer it concerns (/customers/{customerUid}/dashboard), when there is one. */
  customerUid: z.string().nullable(),
  customerName: z.string().nullable(),
  /** Product credit's country (us, ca). */
  country: z.string().nullable(),
  currency: z.string().nullable(),
  /** What the invariant says the amount should be, and what was found (cents). */
  expectedCents: z.number().int().nullable(),
  actualCents: z.number().int().nullable(),
  details: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type Discrepancy = z.infer<typeof Discrepancy>;

export const ReconciliationQuery = PageQuery.extend({
  /** Only this kind (the screen's filter). */
  kind: z.enum(DISCREPANCY_KINDS, { error: 'Not a kind of discrepancy' }).optional(),
});

export const ReconciliationPage = z.object({
  success: z.literal(true),
  data: z.object({
    /** The latest run that finished (succeeded or failed). */
    latestRun: ReconciliationRun.nullable(),
    /** A run queued or under way, if any. */
    activeRun: ReconciliationRun.nullable(),
    /** Open discrepancies per kind (all of them, not only this page). */
    openByKind: z.partialRecord(z.enum(DISCREPANCY_KINDS), z.number().int()),
    discrepancies: z.array(Discrepancy),
  }),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type ReconciliationPage = z.infer<typeof ReconciliationPage>;

export const StartRunResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** False when a run was already queued or running: that run is answered. */
  started: z.boolean(),
  data: ReconciliationRun,
});
export type StartRunResponse = z.infer<typeof StartRunResponse>;

export const RECONCILIATION_MESSAGES = {
  started: 'Reconciliation started.',
  alreadyRunning: 'A reconciliation is already running.',
  failed: (kind: DiscrepancyKind) => `The run stopped while checking: ${DISCREPANCY_KIND_LABELS[kind]}.`,
} as const;

/**
 * The Pacific day (YYYY-MM-DD) whose nightly run is due at `nowMs`: during the nightly hour only,
 * so that a process started in the day (a benchmark, a deploy) does not set off a full scan. A
 * night with no process up in that hour has no nightly run; a run by hand covers it.
 */
export function nightlySlot(nowMs: number, hour: number): string | null {
  const local = new Date(nowMs + zoneOffsetMs(nowMs));
  if (local.getUTCHours() !== hour) return null;
  return local.toISOString().slice(0, 10);
}

/** Totals of a run's counts: found, new and resolved over every kind. */
export function runTotals(counts: Partial<Record<DiscrepancyKind, KindCounts>>): KindCounts {
  const all = Object.values(counts);
  const sum = (key: keyof KindCounts) => all.reduce((s, c) => s + c[key], 0);
  return { found: sum('found'), new: sum('new'), resolved: sum('resolved'), ms: sum('ms') };
}
