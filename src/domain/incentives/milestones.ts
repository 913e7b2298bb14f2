import { z } from 'zod';

// Incentive milestones (spec 3 §3 Milestone, DESIGN §5): milestone1–3, each with participant
// requirements, participant rewards and enroller rewards, and a US and a CA counting key.

export const MILESTONE_NAMES = ['milestone1', 'milestone2', 'milestone3'] as const;
export const MilestoneNameSchema = z.enum(MILESTONE_NAMES);

/** Requirement types the counting job understands. */
export const REQUIREMENT_TYPE = { personalVolume: 1, daysFromEnrollment: 2, enrolledConsultants: 3 } as const;
export const REQUIREMENT_TYPES = [
  { id: REQUIREMENT_TYPE.personalVolume, name: 'Personal volume (PV)', max: 100_000, whole: false },
  { id: REQUIREMENT_TYPE.daysFromEnrollment, name: 'Days from enrollment', max: 365, whole: true },
  {
    id: REQUIREMENT_TYPE.enrolledConsultants,
    name: 'Personally enrolled consultants',
    max: 100,
    whole: true,
  },
] as const;

/** Reward types: product credit is issued as a ledger entry when paid; a cash bonus is recorded on the row. */
export const REWARD_TYPE = { productCredit: 1, cashBonus: 2 } as const;
export const REWARD_TYPES = [
  { id: REWARD_TYPE.productCredit, name: 'Product credit' },
  { id: REWARD_TYPE.cashBonus, name: 'Cash bonus' },
] as const;
/** The largest single reward, in dollars. */
export const MAX_REWARD = 10_000;

export const MilestoneItem = z.object({
  id: z.number().int().positive(),
  typeId: z.number().int(),
  name: z.string(),
  value: z.number(),
});
export type MilestoneItem = z.infer<typeof MilestoneItem>;
/** A participant requirement as answered (spec 3 §3: requirementId, type id, name, value); `id` is the same. */
export const MilestoneRequirement = MilestoneItem.extend({ requirementId: z.number().int().positive() });
/** A participant or enroller reward as answered (spec 3 §3: rewardId, type id, name, value); `id` is the same. */
export const MilestoneReward = MilestoneItem.extend({ rewardId: z.number().int().positive() });

export const Milestone = z.object({
  name: z.string(),
  countingKeyUs: z.string(),
  countingKeyCa: z.string(),
  participantRequirements: z.array(MilestoneRequirement),
  participantRewards: z.array(MilestoneReward),
  enrollerRewards: z.array(MilestoneReward),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type Milestone = z.infer<typeof Milestone>;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** A value that is not a number at all (NaN from a text field) gets the spec's float message. */
const validNumber = z.number({ error: 'Please enter a valid number' });
const itemName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Max length of the field "name" is 60 symbols');

function uniqueIds(items: { id: number; typeId: number }[], ctx: z.RefinementCtx, what: string) {
  const ids = new Set<number>();
  items.forEach((item, i) => {
    if (ids.has(item.id))
      ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Each ${what} needs its own id` });
    ids.add(item.id);
  });
}

/**
 * An item's id as sent: the spec's name (requirementId or rewardId) or `id`; both, when given, agree.
 * Stored and checked as `id`.
 */
const withId = (key: 'requirementId' | 'rewardId', what: string) => (raw: unknown, ctx: z.RefinementCtx) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { [key]: named, ...rest } = raw as Record<string, unknown>;
  const id = (rest as { id?: unknown }).id;
  if (named !== undefined && named !== null && id !== undefined && id !== null && named !== id) {
    ctx.addIssue({ code: 'custom', path: [key], message: `${key} and id name different ${what}s` });
    return z.NEVER;
  }
  return { ...rest, id: id ?? named ?? undefined };
};
const itemId = (what: string) =>
  z.number(`Each ${what} needs an id`).int(`Each ${what} needs an id`).positive(`Each ${what} needs an id`);

export const RequirementInput = z
  .object({ id: itemId('requirement'), typeId: z.number().int(), name: itemName, value: validNumber })
  .superRefine((item, ctx) => {
    const type = REQUIREMENT_TYPES.find((t) => t.id === item.typeId);
    if (!type) {
      ctx.addIssue({ code: 'custom', path: ['typeId'], message: 'Unknown requirement type' });
      return;
    }
    if (!Number.isFinite(item.value) || item.value < 0) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Please enter a valid number' });
    } else if (item.value > type.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Value must be less than or equal to ${type.max}`,
      });
    } else if (type.whole ? !Number.isInteger(item.value) : !twoDecimals(item.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: type.whole ? 'Please enter a whole number' : 'Please enter a valid number',
      });
    } else if (item.typeId === REQUIREMENT_TYPE.daysFromEnrollment && item.value < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Days from enrollment must be at least 1' });
    }
  });

export const RewardInput = z
  .object({ id: itemId('reward'), typeId: z.number().int(), name: itemName, value: validNumber })
  .superRefine((item, ctx) => {
    if (!REWARD_TYPES.some((t) => t.id === item.typeId)) {
      ctx.addIssue({ code: 'custom', path: ['typeId'], message: 'Unknown reward type' });
    }
    if (!Number.isFinite(item.value) || item.value < 0 || !twoDecimals(item.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Please enter a valid number' });
    } else if (item.value > MAX_REWARD) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Value must be less than or equal to $${MAX_REWARD}`,
      });
    }
  });

/** milestoneValuesUpdate(name, requirements, rewards) — spec 3 §7. */
export const MilestoneValuesUpdate = z
  .object({
    name: MilestoneNameSchema,
    requirements: z
      .array(z.preprocess(withId('requirementId', 'requirement'), RequirementInput))
      .min(1, 'A milestone needs at least one requirement')
      .max(10),
    rewards: z.object({
      participantRewards: z.array(z.preprocess(withId('rewardId', 'reward'), RewardInput)).max(10),
      enrollerRewards: z.array(z.preprocess(withId('rewardId', 'reward'), RewardInput)).max(10),
    }),
  })
  .superRefine((v, ctx) => {
    uniqueIds(v.requirements, ctx, 'requirement');
    const types = new Set<number>();
    v.requirements.forEach((r, i) => {
      if (types.has(r.typeId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['requirements', i, 'typeId'],
          message: 'Each requirement type only once',
        });
      }
      types.add(r.typeId);
    });
    uniqueIds(v.rewards.participantRewards, ctx, 'reward');
    uniqueIds(v.rewards.enrollerRewards, ctx, 'reward');
  });
export type MilestoneValuesUpdate = z.infer<typeof MilestoneValuesUpdate>;

/** The enroller reward of one payout row, in cents: the sum of the milestone's enroller rewards. */
export const enrollerRewardCents = (rewards: readonly { value: number }[]) =>
  rewards.reduce((sum, r) => sum + Math.round(r.value * 100), 0);

/** What the counting job needs from a milestone's requirements (absent ones do not constrain). */
export interface CountingRule {
  minPersonalVolume: number;
  windowDays: number | null;
  minEnrolledConsultants: number;
}

export function countingRule(requirements: readonly { typeId: number; value: number }[]): CountingRule {
  const value = (typeId: number) => requirements.find((r) => r.typeId === typeId)?.value;
  return {
    minPersonalVolume: value(REQUIREMENT_TYPE.personalVolume) ?? 0,
    windowDays: value(REQUIREMENT_TYPE.daysFromEnrollment) ?? null,
    minEnrolledConsultants: value(REQUIREMENT_TYPE.enrolledConsultants) ?? 0,
  };
}

/** Progress of one participant against one milestone (the same rule the counting job runs in SQL). */
export function milestoneProgress(
  rule: CountingRule,
  p: { personalVolume: number; enrolledConsultants: number; enrolledAt: Date; reachedPrevious: boolean },
  asOf: Date,
): { finished: boolean; succeeded: boolean } {
  const windowEnd = rule.windowDays == null ? null : p.enrolledAt.getTime() + rule.windowDays * 86_400_000;
  return {
    finished: windowEnd != null && windowEnd <= asOf.getTime(),
    succeeded:
      p.reachedPrevious &&
      p.personalVolume >= rule.minPersonalVolume &&
      p.enrolledConsultants >= rule.minEnrolledConsultants,
  };
}
