import type { EnrollerPayout, Milestone, Period } from '@domain/incentives';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, enrollerPayouts, incentivePeriods, milestones } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/sql';

// Queries of the incentives module: periods, milestones and enroller payout rows.

const iso = (d: Date | string) => new Date(d).toISOString();

export async function listPeriods(db: DbOrTx): Promise<Period[]> {
  const found = await db.select().from(incentivePeriods).orderBy(asc(incentivePeriods.startDate));
  return found.map((p) => ({ periodId: p.periodId, startDate: iso(p.startDate), endDate: iso(p.endDate) }));
}

export async function findPeriod(db: DbOrTx, periodId: number) {
  const [row] = await db.select().from(incentivePeriods).where(eq(incentivePeriods.periodId, periodId));
  return row ?? null;
}

export type MilestoneRow = typeof milestones.$inferSelect;

export const toMilestone = (m: MilestoneRow): Milestone => ({
  name: m.name,
  countingKeyUs: m.countingKeyUs,
  countingKeyCa: m.countingKeyCa,
  // Spec 3 §3 names each item's id requirementId or rewardId; `id` stays for the screens.
  participantRequirements: m.participantRequirements.map((r) => ({ ...r, requirementId: r.id })),
  participantRewards: m.participantRewards.map((r) => ({ ...r, rewardId: r.id })),
  enrollerRewards: m.enrollerRewards.map((r) => ({ ...r, rewardId: r.id })),
  updatedAt: iso(m.updatedAt),
  updatedBy: m.updatedBy,
});

export async function listMilestones(db: DbOrTx): Promise<MilestoneRow[]> {
  return db.select().from(milestones).orderBy(asc(milestones.name));
}

/** The rows of one period a search matches (spec 3 §2: search), as a condition on `ep`, `pa`, `ea`. */
export function payoutFilter(periodId: number, textSearch: string | null): SQL {
  const text = textSearch?.trim() ?? '';
  if (!text) return sql`ep.period_id = ${periodId}`;
  if (/^\d{1,15}$/.test(text)) {
    const n = Number(text);
    return sql`ep.period_id = ${periodId} and (ep.reward_payout_id = ${n} or ep.participant_account_id = ${n}
      or ep.enroller_account_id = ${n})`;
  }
  const like = containsPattern(text);
  return sql`ep.period_id = ${periodId} and (lower(pa.first_name || ' ' || pa.last_name) like ${like}
    or lower(ea.first_name || ' ' || ea.last_name) like ${like} or ep.milestone_name like ${like})`;
}

const FROM = sql`from enroller_payouts ep
  left join accounts pa on pa.phoenix_id = ep.participant_account_id
  left join accounts ea on ea.phoenix_id = ep.enroller_account_id`;

/** FROM's tables for the builder, by the names `payoutFilter` and PAYABLE read them by. */
const ep = alias(enrollerPayouts, 'ep');
const pa = alias(accounts, 'pa');
const ea = alias(accounts, 'ea');

/** A row that may be paid: its milestone window closed and the participant reached it. */
export const PAYABLE = sql`ep.finished and ep.succeeded and not ep.paid`;

interface PayoutDbRow {
  reward_payout_id: string;
  participant_account_id: string;
  participant_uid: string | null;
  participant_name: string | null;
  enroller_account_id: string;
  enroller_uid: string | null;
  enroller_name: string | null;
  milestone_name: string;
  country_id: number;
  start_date: Date | string;
  end_date: Date | string;
  finished: boolean;
  succeeded: boolean;
  amount_cents: number;
  personal_volume: number;
  enrolled_consultants: number;
  paid_date: Date | string | null;
  paid: boolean;
}

const toPayout = (r: PayoutDbRow): EnrollerPayout => ({
  rewardPayoutId: r.reward_payout_id,
  participantAccountId: r.participant_account_id,
  participant: { uid: r.participant_uid, fullName: r.participant_name },
  enrollerAccountId: r.enroller_account_id,
  enroller: { uid: r.enroller_uid, fullName: r.enroller_name },
  milestoneName: r.milestone_name,
  countryId: Number(r.country_id),
  startDate: iso(r.start_date),
  endDate: iso(r.end_date),
  finished: r.finished,
  succeeded: r.succeeded,
  amountCents: Number(r.amount_cents),
  personalVolume: Number(r.personal_volume),
  enrolledConsultants: Number(r.enrolled_consultants),
  paidDate: r.paid_date == null ? null : iso(r.paid_date),
  paid: r.paid,
});

export async function payoutPage(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset: number } | null,
): Promise<EnrollerPayout[]> {
  const query = db
    .select({
      reward_payout_id: sql<string>`${ep.rewardPayoutId}::text`,
      participant_account_id: sql<string>`${ep.participantAccountId}::text`,
      participant_uid: pa.uid,
      participant_name: sql<string | null>`${pa.firstName} || ' ' || ${pa.lastName}`,
      enroller_account_id: sql<string>`${ep.enrollerAccountId}::text`,
      enroller_uid: ea.uid,
      enroller_name: sql<string | null>`${ea.firstName} || ' ' || ${ea.lastName}`,
      milestone_name: ep.milestoneName,
      country_id: ep.countryId,
      start_date: ep.startDate,
      end_date: ep.endDate,
      finished: ep.finished,
      succeeded: ep.succeeded,
      amount_cents: ep.amountCents,
      personal_volume: sql<number>`${ep.personalVolume}::float8`,
      enrolled_consultants: ep.enrolledConsultants,
      paid_date: ep.paidDate,
      paid: ep.paid,
    })
    .from(ep)
    .leftJoin(pa, eq(pa.phoenixId, ep.participantAccountId))
    .leftJoin(ea, eq(ea.phoenixId, ep.enrollerAccountId))
    .where(where)
    .orderBy(ep.rewardPayoutId)
    .$dynamic();
  const found: PayoutDbRow[] = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return found.map(toPayout);
}

export async function payoutTotals(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) filter (where ${ep.paid}))::int`,
      unpaid: sql<number>`(count(*) filter (where ${PAYABLE}))::int`,
    })
    .from(ep)
    .leftJoin(pa, eq(pa.phoenixId, ep.participantAccountId))
    .leftJoin(ea, eq(ea.phoenixId, ep.enrollerAccountId))
    .where(where);
  return { total: Number(row?.total ?? 0), paid: Number(row?.paid ?? 0), unpaid: Number(row?.unpaid ?? 0) };
}

/** The payable rows a selection resolves to (ids as numbers); never more than the filter allows. */
export function selectedPayable(where: SQL, selection: number[] | null, excludes: number[]): SQL {
  const ids = (list: number[]) =>
    sql.join(
      list.map((n) => sql`${n}`),
      sql`, `,
    );
  const chosen =
    selection === null
      ? sql`true`
      : selection.length
        ? sql`ep.reward_payout_id in (${ids(selection)})`
        : sql`false`;
  const left = excludes.length ? sql`ep.reward_payout_id not in (${ids(excludes)})` : sql`true`;
  return sql`select ep.reward_payout_id ${FROM} where ${where} and ${PAYABLE} and ${chosen} and ${left}`;
}

export async function selectionSummary(db: DbOrTx, payable: SQL) {
  const found = await db
    .select({
      country_id: enrollerPayouts.countryId,
      n: sql<number>`count(*)::int`,
      cents: sql<string | number | null>`coalesce(sum(${enrollerPayouts.amountCents}), 0)::bigint`,
    })
    .from(enrollerPayouts)
    .where(sql`${enrollerPayouts.rewardPayoutId} in (${payable})`)
    .groupBy(enrollerPayouts.countryId)
    .orderBy(enrollerPayouts.countryId);
  const markets = found.map((r) => ({
    countryId: Number(r.country_id),
    count: Number(r.n),
    totalCents: Number(r.cents ?? 0),
  }));
  return {
    count: markets.reduce((sum, m) => sum + m.count, 0),
    totalCents: markets.reduce((sum, m) => sum + m.totalCents, 0),
    markets,
  };
}

/** State of the rows named by id within a period (for refusing a selection that cannot be paid). */
export async function rowsById(db: DbOrTx, periodId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sql<string>`${enrollerPayouts.rewardPayoutId}::text`,
      finished: enrollerPayouts.finished,
      succeeded: enrollerPayouts.succeeded,
      paid: enrollerPayouts.paid,
    })
    .from(enrollerPayouts)
    .where(and(eq(enrollerPayouts.periodId, periodId), inArray(enrollerPayouts.rewardPayoutId, ids)));
}

export interface PaidRow {
  reward_payout_id: string;
  enroller_account_id: string;
  enroller_uid: string | null;
  country_id: number;
  milestone_name: string;
  amount_cents: number;
  credit_cents: number;
}

/**
 * Marks the selected rows paid. `not paid` is checked again on each row under its lock, so two
 * payers of the same rows pay each row once: the second finds it paid and skips it.
 */
export async function markPaid(
  tx: DbOrTx,
  payable: SQL,
  by: string,
  selectionId: string | null,
  now: Date,
): Promise<PaidRow[]> {
  const paid = tx.$with('paid').as(
    tx
      .update(enrollerPayouts)
      .set({ paid: true, paidDate: sql`${now.toISOString()}::timestamptz`, paidBy: by, selectionId })
      .where(
        and(
          sql`${enrollerPayouts.rewardPayoutId} in (${payable})`,
          eq(enrollerPayouts.paid, false),
          sql`${enrollerPayouts.finished}`,
          sql`${enrollerPayouts.succeeded}`,
        ),
      )
      .returning({
        rewardPayoutId: enrollerPayouts.rewardPayoutId,
        enrollerAccountId: enrollerPayouts.enrollerAccountId,
        countryId: enrollerPayouts.countryId,
        milestoneName: enrollerPayouts.milestoneName,
        amountCents: enrollerPayouts.amountCents,
        creditCents: enrollerPayouts.creditCents,
      }),
  );
  return tx
    .with(paid)
    .select({
      reward_payout_id: sql<string>`${paid.rewardPayoutId}::text`,
      enroller_account_id: sql<string>`${paid.enrollerAccountId}::text`,
      enroller_uid: accounts.uid,
      country_id: paid.countryId,
      milestone_name: paid.milestoneName,
      amount_cents: paid.amountCents,
      credit_cents: paid.creditCents,
    })
    .from(paid)
    .leftJoin(accounts, eq(accounts.phoenixId, paid.enrollerAccountId))
    .orderBy(paid.rewardPayoutId);
}

export async function milestoneProgress(db: DbOrTx, periodId: number, milestoneName: string) {
  const found = await db
    .select({
      country_id: enrollerPayouts.countryId,
      participants: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) filter (where ${enrollerPayouts.succeeded}))::int`,
      finished: sql<number>`(count(*) filter (where ${enrollerPayouts.finished}))::int`,
      paid: sql<number>`(count(*) filter (where ${enrollerPayouts.paid}))::int`,
    })
    .from(enrollerPayouts)
    .where(and(eq(enrollerPayouts.periodId, periodId), eq(enrollerPayouts.milestoneName, milestoneName)))
    .groupBy(enrollerPayouts.countryId)
    .orderBy(enrollerPayouts.countryId);
  return found.map((r) => ({
    countryId: Number(r.country_id),
    participants: Number(r.participants),
    succeeded: Number(r.succeeded),
    finished: Number(r.finished),
    paid: Number(r.paid),
  }));
}
