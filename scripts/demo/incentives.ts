import { enrollerRewardCents, REWARD_TYPE } from '@domain/incentives';
import { USER_TYPE } from '@domain/reference';
import { enrollerPayouts, incentivePeriods, type MilestoneItem, milestones } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import type { GenContext } from './context';
import { addDays, type Clock, monthStart } from './time';
import type { RowSink } from './writer';

// Incentives for new consultants (DESIGN §5): three milestones with participant requirements
// and rewards and an enroller reward, monthly periods, and enroller payout rows per period.

interface MilestoneDef {
  name: string;
  withinDays: number;
  requirements: MilestoneItem[];
  rewards: MilestoneItem[];
  enroller: MilestoneItem[];
  /** Share of new consultants who reach it (given they reached the one before). */
  reach: number;
}

export const MILESTONES: readonly MilestoneDef[] = [
  {
    name: 'milestone1',
    withinDays: 30,
    requirements: [
      { id: 1, typeId: 1, name: 'Personal volume (PV)', value: 300 },
      { id: 2, typeId: 2, name: 'Days from enrollment', value: 30 },
    ],
    rewards: [{ id: 1, typeId: 1, name: 'Product credit', value: 50 }],
    enroller: [{ id: 1, typeId: 1, name: 'Product credit', value: 25 }],
    reach: 0.55,
  },
  {
    name: 'milestone2',
    withinDays: 60,
    requirements: [
      { id: 1, typeId: 1, name: 'Personal volume (PV)', value: 600 },
      { id: 2, typeId: 2, name: 'Days from enrollment', value: 60 },
    ],
    rewards: [{ id: 1, typeId: 1, name: 'Product credit', value: 100 }],
    enroller: [{ id: 1, typeId: 2, name: 'Cash bonus', value: 50 }],
    reach: 0.6,
  },
  {
    name: 'milestone3',
    withinDays: 90,
    requirements: [
      { id: 1, typeId: 1, name: 'Personal volume (PV)', value: 1200 },
      { id: 2, typeId: 2, name: 'Days from enrollment', value: 90 },
      { id: 3, typeId: 3, name: 'Personally enrolled consultants', value: 2 },
    ],
    rewards: [{ id: 1, typeId: 2, name: 'Cash bonus', value: 150 }],
    enroller: [{ id: 1, typeId: 2, name: 'Cash bonus', value: 100 }],
    reach: 0.5,
  },
];

const PERIODS = 12;
const periodIdOf = (at: Date) => at.getUTCFullYear() * 100 + at.getUTCMonth() + 1;

export function addIncentiveReference(writer: RowSink, clock: Clock, updatedBy: string): void {
  for (const m of MILESTONES) {
    writer.add(milestones, {
      name: m.name,
      countingKeyUs: `${m.name}-us`,
      countingKeyCa: `${m.name}-ca`,
      participantRequirements: m.requirements,
      participantRewards: m.rewards,
      enrollerRewards: m.enroller,
      updatedAt: addDays(clock.today, -45),
      updatedBy,
    });
  }
  // The current month and the eleven before it.
  for (let back = PERIODS - 1; back >= 0; back--) {
    const startDate = monthStart(clock.now, back);
    writer.add(incentivePeriods, {
      periodId: periodIdOf(startDate),
      startDate,
      endDate: new Date(monthStart(clock.now, back - 1).getTime() - 1),
    });
  }
}

/** Payout rows for a consultant who enrolled within the periods, and the milestones reached. */
export function addPayouts(ctx: GenContext, draft: AccountDraft): void {
  const { rng, clock } = ctx;
  if (draft.userType !== USER_TYPE.consultant || draft.enrollerPhoenixId === 1) return;
  const periodStart = monthStart(draft.enrolledAt, 0);
  if (periodStart < monthStart(clock.now, PERIODS - 1)) return;
  const periodEnd = new Date(monthStart(draft.enrolledAt, -1).getTime() - 1);
  const currentPeriod = periodStart.getTime() === monthStart(clock.now, 0).getTime();
  const country = draft.countryId === 2 ? 'ca' : 'us';
  let reachedPrevious = true;
  const achieved: { name: string; achievedAt: string; expirationDate: string }[] = [];
  for (const m of MILESTONES) {
    const windowEnd = addDays(draft.enrolledAt, m.withinDays);
    const finished = windowEnd <= clock.now;
    const elapsed = Math.min(
      1,
      (clock.now.getTime() - draft.enrolledAt.getTime()) / (windowEnd.getTime() - draft.enrolledAt.getTime()),
    );
    const succeeded: boolean = reachedPrevious && rng.chance(m.reach * (finished ? 1 : elapsed));
    reachedPrevious = succeeded;
    const paid = succeeded && finished && !currentPeriod && rng.chance(0.85);
    const paidDate = paid
      ? new Date(Math.min(clock.now.getTime(), addDays(windowEnd, rng.int(5, 20)).getTime()))
      : null;
    ctx.writer.add(enrollerPayouts, {
      participantAccountId: draft.phoenixId,
      enrollerAccountId: draft.enrollerPhoenixId,
      milestoneName: m.name,
      countingKey: `${m.name}-${country}`,
      countryId: draft.countryId,
      periodId: periodIdOf(periodStart),
      startDate: periodStart,
      endDate: periodEnd,
      finished,
      succeeded,
      amountCents: enrollerRewardCents(m.enroller),
      creditCents: enrollerRewardCents(m.enroller.filter((r) => r.typeId === REWARD_TYPE.productCredit)),
      countedAt: clock.now,
      paid,
      paidDate,
      paidBy: paid ? rng.pick(ctx.roster.leaders).email : null,
    });
    if (succeeded) {
      const achievedAt = new Date(
        draft.enrolledAt.getTime() +
          rng.float() * (Math.min(windowEnd.getTime(), clock.now.getTime()) - draft.enrolledAt.getTime()),
      );
      achieved.push({
        name: m.name,
        achievedAt: achievedAt.toISOString(),
        expirationDate: addDays(achievedAt, 90).toISOString(),
      });
    }
  }
  draft.row.consultantMilestones = achieved;
}
