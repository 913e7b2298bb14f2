import {
  type CountingRun,
  type EnrollerPayoutPage,
  MAX_PAYOUT_PAGE_SIZE,
  type Milestone,
  MilestoneValuesUpdate,
  milestoneLabel,
  PAYOUT_PAGE_SIZE,
  type PayoutResult,
  type PayoutSummary,
} from '@domain/incentives';
import { IDEMPOTENCY_MESSAGES, resolveIdempotencyKey } from '@domain/platform/idempotency';
import { parseDay } from '@domain/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import { enrollerPayouts as enrollerPayoutRows, jobs, milestones, payoutSelections } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import { sha256 } from '../../platform/ids';
import { enqueueJob } from '../../platform/jobs';
import type { StaffPrincipal } from '../../platform/sessions';
import { appendCredit } from '../product-credit/product-credit.service';
import { COUNTING_JOB } from './counting';
import * as repo from './incentives.repo';

// The incentives service (spec 3 §7 startCounting/query): milestone values, periods, enroller
// payouts and paying them, and starting the counting job. Bad input throws InputError, which the
// GraphQL layer answers as errors[0].message, before anything is written.

export class InputError extends Error {}
/** A selectionId already used to pay another selection (ADR 021). */
export class SelectionIdReused extends InputError {}

const AUDIT = 'incentives-log';
/** Product credit issued by a payout: Consultant Credit (spec 3 §9 adjustment reasons). */
const CONSULTANT_CREDIT_REASON = 14;
/** Enroller reward credit stays usable this long after it is paid. */
const CREDIT_VALID_DAYS = 90;
const MAX_IDS = 10_000;

export async function milestoneValues(ctx: AppContext): Promise<Milestone[]> {
  return (await repo.listMilestones(ctx.db)).map(repo.toMilestone);
}

export async function updateMilestoneValues(ctx: AppContext, staff: StaffPrincipal, input: unknown) {
  const parsed = MilestoneValuesUpdate.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new InputError(`${where}${issue.message}`);
  }
  const v = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(milestones).where(eq(milestones.name, v.name)).for('update');
    if (!before) throw new InputError(`No milestone named ${v.name}.`);
    const [after] = await tx
      .update(milestones)
      .set({
        participantRequirements: v.requirements,
        participantRewards: v.rewards.participantRewards,
        enrollerRewards: v.rewards.enrollerRewards,
        updatedAt: new Date(),
        updatedBy: staff.email,
      })
      .where(eq(milestones.name, v.name))
      .returning();
    const values = (m: repo.MilestoneRow) => ({
      participantRequirements: m.participantRequirements,
      participantRewards: m.participantRewards,
      enrollerRewards: m.enrollerRewards,
    });
    await recordChange(tx, {
      collection: AUDIT,
      entityId: v.name,
      action: 'milestone.update',
      actor: actorOf(staff),
      before: values(before),
      after: values(after!),
    });
    return {
      success: true,
      message: `${milestoneLabel(v.name)} saved. It counts from the next counting run.`,
    };
  });
}

const dayOf = (value: string) => {
  const day = parseDay(value);
  if (day === null) throw new InputError(`Must be a valid date: ${value}`);
  return day;
};

/** The period a (startDate, endDate) pair names; dates or date-times, compared by UTC day. */
export async function resolvePeriod(ctx: AppContext, startDate: string, endDate: string) {
  const start = dayOf(startDate);
  const end = dayOf(endDate);
  const period = (await repo.listPeriods(ctx.db)).find(
    (p) => p.startDate.slice(0, 10) === start && p.endDate.slice(0, 10) === end,
  );
  if (!period) throw new InputError(`No incentive period from ${start} to ${end}.`);
  return period;
}

export interface PayoutsArgs {
  startDate: string;
  endDate: string;
  pagination?: boolean | null;
  pageSize?: number | null;
  pageNumber?: number | null;
  textSearch?: string | null;
}

const search = (text: string | null | undefined) => {
  const t = text?.trim() ?? '';
  if (t.length > 100) throw new InputError('textSearch: Max length of the field "textSearch" is 100 symbols');
  return t || null;
};

/** enrollerPayouts: one page (or, without pagination, every row) with the paid/unpaid totals. */
export async function enrollerPayouts(ctx: AppContext, args: PayoutsArgs): Promise<EnrollerPayoutPage> {
  const period = await resolvePeriod(ctx, args.startDate, args.endDate);
  const pageSize = args.pageSize ?? PAYOUT_PAGE_SIZE;
  const pageNumber = args.pageNumber ?? 1;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAYOUT_PAGE_SIZE) {
    throw new InputError(`pageSize: Value must be between 1 and ${MAX_PAYOUT_PAGE_SIZE}`);
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1)
    throw new InputError('pageNumber: Value must be 1 or more');
  const where = repo.payoutFilter(period.periodId, search(args.textSearch));
  const paged = args.pagination !== false;
  const [payouts, totals] = await Promise.all([
    repo.payoutPage(ctx.db, where, paged ? { limit: pageSize, offset: (pageNumber - 1) * pageSize } : null),
    repo.payoutTotals(ctx.db, where),
  ]);
  return {
    pageNumber: paged ? pageNumber : 1,
    pageSize: paged ? pageSize : totals.total,
    totalCount: totals.total,
    totalPaidAccounts: totals.paid,
    totalUnpaidAccounts: totals.unpaid,
    payouts,
  };
}

export interface IssueArgs {
  startDate: string;
  endDate: string;
  excludes?: string[] | null;
  selection?: string[] | null;
  selectionId?: string | null;
  textSearch?: string | null;
}

function ids(list: string[] | null | undefined, name: string): number[] {
  if (!list) return [];
  if (list.length > MAX_IDS) throw new InputError(`${name}: at most ${MAX_IDS} rows`);
  return list.map((id) => {
    if (!/^\d{1,15}$/.test(id)) throw new InputError(`${name}: ${id} is not a rewardPayoutId`);
    return Number(id);
  });
}

/**
 * Resolves a selection (spec 3 §4) on the server: `selection` null means every payable row of the
 * period and search but the excluded ones; otherwise exactly the listed rows, each of which must
 * belong to the period and have been reached (already-paid ones are skipped).
 */
/** The selectionId of a payout: the argument or the Idempotency-Key header, required (ADR 021). */
function selectionIdOf(args: IssueArgs, headerKey: string | string[] | undefined): string {
  const resolved = resolveIdempotencyKey(args.selectionId, headerKey);
  if ('key' in resolved) return resolved.key;
  throw new InputError(
    resolved.error === IDEMPOTENCY_MESSAGES.required
      ? 'selectionId is required (or an Idempotency-Key header): one per confirmed payout, the same when it is sent again.'
      : resolved.error === IDEMPOTENCY_MESSAGES.format
        ? 'selectionId: 8 to 100 letters, digits, _ . : or -'
        : 'The Idempotency-Key header and the selectionId differ.',
  );
}

async function resolveSelection(ctx: AppContext, args: IssueArgs) {
  const period = await resolvePeriod(ctx, args.startDate, args.endDate);
  const excludes = ids(args.excludes, 'excludes');
  const selection = args.selection == null ? null : ids(args.selection, 'selection');
  if (selection) {
    const found = await repo.rowsById(ctx.db, period.periodId, selection);
    const missing = selection.filter((id) => !found.some((r) => r.id === String(id)));
    if (missing.length) throw new InputError(`Payout ${missing[0]} is not in the period.`);
    const unreached = found.find((r) => !r.paid && !(r.finished && r.succeeded));
    if (unreached)
      throw new InputError(`Payout ${unreached.id} cannot be paid: its milestone was not reached.`);
  }
  const where = repo.payoutFilter(period.periodId, search(args.textSearch));
  // What makes two payouts "the same request": the period, the search, the rows chosen or left out.
  const requestHash = sha256(
    JSON.stringify({
      periodId: period.periodId,
      search: search(args.textSearch) ?? null,
      selection: selection ? [...selection].sort((a, b) => a - b) : null,
      excludes: [...excludes].sort((a, b) => a - b),
    }),
  );
  return { period, payable: repo.selectedPayable(where, selection, excludes), requestHash };
}

/** How many rows a selection pays and their total, for the confirmation. */
export async function selectionSummary(ctx: AppContext, args: IssueArgs): Promise<PayoutSummary> {
  const { payable } = await resolveSelection(ctx, args);
  return repo.selectionSummary(ctx.db, payable);
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/**
 * enrollerIssuePayouts: marks the selected rows paid and issues their enroller rewards (product
 * credit as ledger entries) in one transaction. Paying twice pays once: the selectionId (required,
 * or the Idempotency-Key header) is claimed in that transaction; a known one answers what it paid
 * the first time, or is refused when it paid another selection; each row is only ever updated
 * from unpaid to paid.
 */
export async function issuePayouts(
  ctx: AppContext,
  staff: StaffPrincipal,
  args: IssueArgs,
  opts: { headerKey?: string | string[]; now?: Date } = {},
): Promise<PayoutResult> {
  const now = opts.now ?? new Date();
  const selectionId = selectionIdOf(args, opts.headerKey);
  const { period, payable, requestHash } = await resolveSelection(ctx, args);
  const actor = actorOf(staff);
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(payoutSelections)
      .values({
        selectionId,
        periodId: period.periodId,
        paidCount: 0,
        totalCents: 0,
        creditEntries: 0,
        requestHash,
        createdBy: staff.email,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [earlier] = await tx
        .select()
        .from(payoutSelections)
        .where(eq(payoutSelections.selectionId, selectionId));
      if (earlier?.requestHash && earlier.requestHash !== requestHash)
        throw new SelectionIdReused('This selectionId was already used to pay a different selection.');
      return {
        success: true,
        paidCount: earlier?.paidCount ?? 0,
        totalCents: earlier?.totalCents ?? 0,
        creditEntries: earlier?.creditEntries ?? 0,
        alreadyPaid: true,
      };
    }
    const paid = await repo.markPaid(tx, payable, staff.email, selectionId, now);
    let creditEntries = 0;
    for (const row of paid) {
      if (Number(row.credit_cents) <= 0 || !row.enroller_uid) continue;
      const { entry } = await appendCredit(tx, {
        uid: row.enroller_uid,
        country: Number(row.country_id) === 2 ? 'ca' : 'us',
        cents: Number(row.credit_cents),
        expiresAt: addDays(now, CREDIT_VALID_DAYS),
        doesNotExpire: false,
        reasonId: CONSULTANT_CREDIT_REASON,
        reason: `${milestoneLabel(row.milestone_name)} enroller reward (payout ${row.reward_payout_id})`,
        actor,
        action: 'productCredit.incentive',
        about: { rewardPayoutId: row.reward_payout_id },
        now,
      });
      await tx
        .update(enrollerPayoutRows)
        .set({ creditLedgerId: entry.id })
        .where(eq(enrollerPayoutRows.rewardPayoutId, Number(row.reward_payout_id)));
      creditEntries += 1;
    }
    const totalCents = paid.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    await recordChange(tx, {
      collection: AUDIT,
      entityId: String(period.periodId),
      action: 'enrollerPayouts.pay',
      actor,
      after: {
        selectionId,
        paidCount: paid.length,
        totalCents,
        creditEntries,
        rewardPayoutIds: paid.slice(0, 1000).map((r) => r.reward_payout_id),
      },
    });
    await tx
      .update(payoutSelections)
      .set({ paidCount: paid.length, totalCents, creditEntries })
      .where(eq(payoutSelections.selectionId, selectionId));
    return { success: true, paidCount: paid.length, totalCents, creditEntries, alreadyPaid: false };
  });
}

/** Queues the counting job for a period, one run per market (US, CA). */
export async function startCounting(
  ctx: AppContext,
  staff: StaffPrincipal,
  startDate: string,
  endDate: string,
) {
  const period = await resolvePeriod(ctx, startDate, endDate);
  const jobIds = await ctx.db.transaction(async (tx) => {
    const queued = [];
    for (const countryId of [1, 2]) {
      queued.push(
        await enqueueJob(
          tx,
          COUNTING_JOB,
          { periodId: period.periodId, countryId },
          { createdBy: staff.email },
        ),
      );
    }
    await recordChange(tx, {
      collection: AUDIT,
      entityId: String(period.periodId),
      action: 'counting.start',
      actor: actorOf(staff),
      after: { jobIds: queued },
    });
    return queued;
  });
  ctx.wakeJobs();
  return jobIds.map(String);
}

/** The latest counting runs of a period, newest first. */
export async function countingRuns(
  ctx: AppContext,
  startDate: string,
  endDate: string,
): Promise<CountingRun[]> {
  const period = await resolvePeriod(ctx, startDate, endDate);
  const found = await ctx.db
    .select({
      id: sql<string>`${jobs.id}::text`,
      country_id: sql<number>`(${jobs.payload}->>'countryId')::int`,
      status: jobs.status,
      progress: jobs.progress,
      created_at: jobs.createdAt,
      finished_at: jobs.finishedAt,
      result: jobs.result,
      last_error: jobs.lastError,
    })
    .from(jobs)
    .where(and(eq(jobs.type, COUNTING_JOB), sql`${jobs.payload}->>'periodId' = ${String(period.periodId)}`))
    .orderBy(desc(jobs.id))
    .limit(10);
  return found.map((j) => ({
    jobId: j.id,
    countryId: Number(j.country_id),
    status: j.status,
    progress: Number(j.progress ?? 0),
    createdAt: new Date(j.created_at).toISOString(),
    finishedAt: j.finished_at == null ? null : new Date(j.finished_at).toISOString(),
    rows: typeof j.result?.rows === 'number' ? j.result.rows : null,
    error: j.last_error,
  }));
}

export async function milestoneProgress(ctx: AppContext, name: string, startDate: string, endDate: string) {
  const period = await resolvePeriod(ctx, startDate, endDate);
  return repo.milestoneProgress(ctx.db, period.periodId, name);
}
