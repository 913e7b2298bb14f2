import type { EnrollerPayout, Milestone, Period } from '@domain/incentives';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { incentivePeriods, milestones } from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';
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
  const found = await rows<PayoutDbRow>(
    db,
    sql`select ep.reward_payout_id::text, ep.participant_account_id::text, pa.uid as participant_uid,
          pa.first_name || ' ' || pa.last_name as participant_name, ep.enroller_account_id::text,
          ea.uid as enroller_uid, ea.first_name || ' ' || ea.last_name as enroller_name, ep.milestone_name,
          ep.country_id, ep.start_date, ep.end_date, ep.finished, ep.succeeded, ep.amount_cents,
          ep.personal_volume::float8 as personal_volume, ep.enrolled_consultants, ep.paid_date, ep.paid
        ${FROM} where ${where}
        order by ep.reward_payout_id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return found.map(toPayout);
}

export async function payoutTotals(db: DbOrTx, where: SQL) {
  const [row] = await rows<{ total: number; paid: number; unpaid: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where ep.paid))::int as paid,
          (count(*) filter (where ${PAYABLE}))::int as unpaid
        ${FROM} where ${where}`,
  );
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
  const found = await rows<{ country_id: number; n: number; cents: string | number | null }>(
    db,
    sql`select country_id, count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as cents from enroller_payouts
        where reward_payout_id in (${payable}) group by country_id order by country_id`,
  );
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
  return rows<{ id: string; finished: boolean; succeeded: boolean; paid: boolean }>(
    db,
    sql`select reward_payout_id::text as id, finished, succeeded, paid from enroller_payouts
        where period_id = ${periodId} and reward_payout_id in (${sql.join(
          ids.map((n) => sql`${n}`),
          sql`, `,
        )})`,
  );
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
export async function markPaid(tx: DbOrTx, payable: SQL, by: string, selectionId: string | null, now: Date) {
  return rows<PaidRow>(
    tx,
    sql`with paid as (
          update enroller_payouts ep set paid = true, paid_date = ${now.toISOString()}::timestamptz,
            paid_by = ${by}, selection_id = ${selectionId}
          where ep.reward_payout_id in (${payable}) and ep.paid = false and ep.finished and ep.succeeded
          returning ep.reward_payout_id, ep.enroller_account_id, ep.country_id, ep.milestone_name,
            ep.amount_cents, ep.credit_cents)
        select paid.reward_payout_id::text, paid.enroller_account_id::text, a.uid as enroller_uid,
          paid.country_id, paid.milestone_name, paid.amount_cents, paid.credit_cents
        from paid left join accounts a on a.phoenix_id = paid.enroller_account_id
        order by paid.reward_payout_id`,
  );
}

export async function milestoneProgress(db: DbOrTx, periodId: number, milestoneName: string) {
  const found = await rows<{
    country_id: number;
    participants: number;
    succeeded: number;
    finished: number;
    paid: number;
  }>(
    db,
    sql`select country_id, count(*)::int as participants, (count(*) filter (where succeeded))::int as succeeded,
          (count(*) filter (where finished))::int as finished, (count(*) filter (where paid))::int as paid
        from enroller_payouts where period_id = ${periodId} and milestone_name = ${milestoneName}
        group by country_id order by country_id`,
  );
  return found.map((r) => ({
    countryId: Number(r.country_id),
    participants: Number(r.participants),
    succeeded: Number(r.succeeded),
    finished: Number(r.finished),
    paid: Number(r.paid),
  }));
}
