import { describe, expect, it } from 'vitest';
import { countingRule, enrollerRewardCents, MilestoneValuesUpdate, milestoneProgress } from './milestones';

const req = (typeId: number, value: number, id = typeId) => ({ id, typeId, name: 'x', value });
const valid = {
  name: 'milestone1',
  requirements: [req(1, 300), req(2, 30)],
  rewards: { participantRewards: [req(1, 50, 1)], enrollerRewards: [req(2, 25.5, 1)] },
};
const firstIssue = (v: unknown) => {
  const r = MilestoneValuesUpdate.safeParse(v);
  return r.success ? null : `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
};

describe('milestone values', () => {
  it('accepts valid values', () => expect(firstIssue(valid)).toBeNull());
  it('refuses negative, fractional days, too large and unknown types', () => {
    expect(firstIssue({ ...valid, requirements: [req(1, -1)] })).toBe(
      'requirements.0.value: Please enter a valid number',
    );
    expect(firstIssue({ ...valid, requirements: [req(2, 1.5)] })).toBe(
      'requirements.0.value: Please enter a whole number',
    );
    expect(firstIssue({ ...valid, requirements: [req(2, 400)] })).toBe(
      'requirements.0.value: Value must be less than or equal to 365',
    );
    expect(firstIssue({ ...valid, requirements: [req(9, 1)] })).toBe(
      'requirements.0.typeId: Unknown requirement type',
    );
    expect(firstIssue({ ...valid, requirements: [req(1, 1), req(1, 2, 2)] })).toBe(
      'requirements.1.typeId: Each requirement type only once',
    );
    expect(firstIssue({ ...valid, requirements: [] })).toBe(
      'requirements: A milestone needs at least one requirement',
    );
    expect(
      firstIssue({ ...valid, rewards: { participantRewards: [], enrollerRewards: [req(1, 10.001, 1)] } }),
    ).toBe('rewards.enrollerRewards.0.value: Please enter a valid number');
    expect(firstIssue({ ...valid, name: 'milestone4' })).toMatch(/^name:/);
  });
  it('sums enroller rewards in cents', () => {
    expect(enrollerRewardCents([{ value: 25.5 }, { value: 0.1 }])).toBe(2560);
  });
  it('computes progress the way the counting job does', () => {
    const rule = countingRule([req(1, 300), req(2, 30), req(3, 2)]);
    expect(rule).toEqual({ minPersonalVolume: 300, windowDays: 30, minEnrolledConsultants: 2 });
    const enrolledAt = new Date('2026-01-01T00:00:00Z');
    const p = { personalVolume: 300, enrolledConsultants: 2, enrolledAt, reachedPrevious: true };
    expect(milestoneProgress(rule, p, new Date('2026-01-20T00:00:00Z'))).toEqual({
      finished: false,
      succeeded: true,
    });
    expect(milestoneProgress(rule, p, new Date('2026-01-31T00:00:00Z'))).toEqual({
      finished: true,
      succeeded: true,
    });
    expect(milestoneProgress(rule, { ...p, reachedPrevious: false }, new Date('2026-02-01'))).toEqual({
      finished: true,
      succeeded: false,
    });
    expect(milestoneProgress(rule, { ...p, enrolledConsultants: 1 }, new Date('2026-02-01')).succeeded).toBe(
      false,
    );
    expect(countingRule([req(1, 10)]).windowDays).toBeNull();
  });
});

describe('milestone values from a form', () => {
  it('says a text that is not a number is not a valid number', () => {
    expect(firstIssue({ ...valid, requirements: [req(1, Number.NaN)] })).toBe(
      'requirements.0.value: Please enter a valid number',
    );
  });
});
