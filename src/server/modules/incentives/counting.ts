import { countingRule, enrollerRewardCents, REWARD_TYPE } from '@domain/incentives';
import { ORDER_STATE, ORDER_TYPE, USER_TYPE } from '@domain/reference';
import { and, eq, not, sql } from 'drizzle-orm';
import { enrollerPayouts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import type { JobHandler } from '../../platform/jobs';
import { findPeriod, listMilestones } from './incentives.repo';

// The counting job (DESIGN §5): for one period and one market, each new consultant's progress
// against each milestone from their orders, written as enroller payout rows (finished,
// succeeded). Set-based: one INSERT … SELECT … ON CONFLICT per milestone, so memory stays flat
// whatever the period's size, and a re-run upserts the same rows by their natural key
// (participant, milestone, period). Paid rows are never changed. The milestone values are read
// when the run starts: a change takes effect from the next run.
//
// Rules: participants are consultants enrolled within the period in the market, with an enroller
// other than the company (1). Personal volume is the PV of their orders from enrollment until the
// milestone's window ("Days from enrollment") closes or the run's time, whichever is first,
// leaving out cancelled orders and returns; enrolled consultants counts consultants they enrolled
// in the same window. A milestone is succeeded when every requirement is met and the milestone
// before it was succeeded too; it is finished when its window has closed.

export const COUNTING_JOB = 'incentives.count';

export interface CountingPayload {
  periodId: number;
  countryId: number;
  /** The run's "now" (ISO); defaults to when the job runs. */
  asOf?: string;
}

const COMPANY_ENROLLER = 1;
const NOT_COUNTED_STATES = [ORDER_STATE.cancelled, ORDER_STATE.cancelledPaid];

export async function countPeriod(
  db: DbOrTx,
  payload: CountingPayload,
  onMilestone?: (done: number) => Promise<void>,
) {
  const period = await findPeriod(db, payload.periodId);
  if (!period) throw new Error(`No incentive period ${payload.periodId}.`);
  const countryId = payload.countryId;
  if (countryId !== 1 && countryId !== 2) throw new Error(`No market ${countryId}.`);
  const asOf = payload.asOf ? new Date(payload.asOf) : new Date();
  const all = await listMilestones(db);
  const start = period.startDate.toISOString();
  const end = period.endDate.toISOString();
  const at = asOf.toISOString();

  let previous: string | null = null;
  let done = 0;
  for (const m of all) {
    const rule = countingRule(m.participantRequirements);
    const key = countryId === 2 ? m.countingKeyCa : m.countingKeyUs;
    const amount = enrollerRewardCents(m.enrollerRewards);
    const credit = enrollerRewardCents(
      m.enrollerRewards.filter((r) => r.typeId === REWARD_TYPE.productCredit),
    );
    const days = rule.windowDays;
    const windowEnd =
      days == null
        ? sql`${at}::timestamptz`
        : sql`least(a.enrollment_date_utc + make_interval(days => ${days}::int), ${at}::timestamptz)`;
    const finished =
      days == null
        ? sql`false`
        : sql`p.enrolled_at + make_interval(days => ${days}::int) <= ${at}::timestamptz`;
    const reachedPrevious = previous == null ? sql`true` : sql`coalesce(prev.succeeded, false)`;
    const prevJoin =
      previous == null
        ? sql``
        : sql`left join enroller_payouts prev on prev.participant_account_id = p.phoenix_id
                and prev.milestone_name = ${previous} and prev.period_id = ${period.periodId}`;
    // Raw SQL: INSERT … SELECT over CTEs of a subset of columns with a guarded upsert, one set-based statement.
    await db.execute(sql`
      insert into enroller_payouts (participant_account_id, enroller_account_id, milestone_name, counting_key,
        country_id, period_id, start_date, end_date, finished, succeeded, amount_cents, credit_cents,
        personal_volume, enrolled_consultants, counted_at)
      with p as (
        select a.uid, a.phoenix_id, a.enroller_id, a.enrollment_date_utc as enrolled_at, ${windowEnd} as window_end
        from accounts a
        where a.user_type = ${USER_TYPE.consultant} and a.country_id = ${countryId}
          and a.enrollment_date_utc >= ${start}::timestamptz and a.enrollment_date_utc <= ${end}::timestamptz
          and a.enroller_id <> ${COMPANY_ENROLLER}
      ),
      v as (
        select p.uid, sum(o.pv) as pv from p join orders o on o.customer_uid = p.uid
        where o.date_created_utc >= p.enrolled_at and o.date_created_utc < p.window_end
          and o.state not in (${sql.join(
            NOT_COUNTED_STATES.map((s) => sql`${s}`),
            sql`, `,
          )}) and o.order_type <> ${ORDER_TYPE.return}
        group by p.uid
      ),
      e as (
        select p.phoenix_id, count(*)::int as n from p join accounts c on c.enroller_id = p.phoenix_id
        where c.user_type = ${USER_TYPE.consultant} and c.enrollment_date_utc >= p.enrolled_at
          and c.enrollment_date_utc < p.window_end
        group by p.phoenix_id
      )
      select p.phoenix_id, p.enroller_id, ${m.name}, ${key}, ${countryId}, ${period.periodId},
        ${start}::timestamptz, ${end}::timestamptz, ${finished},
        ${reachedPrevious} and coalesce(v.pv, 0) >= ${rule.minPersonalVolume}
          and coalesce(e.n, 0) >= ${rule.minEnrolledConsultants},
        ${amount}, ${credit}, coalesce(v.pv, 0), coalesce(e.n, 0), ${at}::timestamptz
      from p left join v on v.uid = p.uid left join e on e.phoenix_id = p.phoenix_id
      ${prevJoin}
      on conflict (participant_account_id, milestone_name, period_id) do update set
        enroller_account_id = excluded.enroller_account_id, counting_key = excluded.counting_key,
        country_id = excluded.country_id, start_date = excluded.start_date, end_date = excluded.end_date,
        finished = excluded.finished, succeeded = excluded.succeeded, amount_cents = excluded.amount_cents,
        credit_cents = excluded.credit_cents, personal_volume = excluded.personal_volume,
        enrolled_consultants = excluded.enrolled_consultants, counted_at = excluded.counted_at
      where enroller_payouts.paid = false`);
    previous = m.name;
    done += 1;
    await onMilestone?.(done / (all.length + 1));
  }
  // Unpaid rows this run did not write (a consultant no longer new in the period, a milestone
  // gone) are not payouts any more.
  await db
    .delete(enrollerPayouts)
    .where(
      and(
        eq(enrollerPayouts.periodId, period.periodId),
        eq(enrollerPayouts.countryId, countryId),
        not(enrollerPayouts.paid),
        sql`${enrollerPayouts.countedAt} is distinct from ${at}::timestamptz`,
      ),
    );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enrollerPayouts)
    .where(and(eq(enrollerPayouts.periodId, period.periodId), eq(enrollerPayouts.countryId, countryId)));
  return { periodId: period.periodId, countryId, asOf: at, rows: Number(count?.n ?? 0) };
}

function parsePayload(payload: Record<string, unknown>): CountingPayload {
  const periodId = Number(payload.periodId);
  const countryId = Number(payload.countryId);
  if (!Number.isInteger(periodId) || !Number.isInteger(countryId)) throw new Error('Bad counting payload.');
  return { periodId, countryId, ...(typeof payload.asOf === 'string' ? { asOf: payload.asOf } : {}) };
}

/** One run in one transaction, serialised per period and market by an advisory lock. */
export const countingJob: JobHandler = async (payload, job) => {
  const p = parsePayload(payload);
  return job.db.transaction(async (tx) => {
    // Raw SQL: advisory locks have no builder form.
    await tx.execute(sql`select pg_advisory_xact_lock(${7_114}, ${p.periodId * 10 + p.countryId})`);
    const result = await countPeriod(tx, p);
    job.log.info(result, 'incentives counted');
    return result;
  });
};
