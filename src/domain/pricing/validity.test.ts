import { describe, expect, it } from 'vitest';
import type { PromoRuleInput } from '../promos/rule';
import { cart, line, rule, TEST_NOW } from './fixtures/builders';
import { priceCart } from './index';
import type { PricingInput, RuleExplanation } from './types';

const DAY = 86_400;
const tenOff: PromoRuleInput = {
  id: 0,
  name: 'Ten Off A',
  actionItems: ['A'],
  discountValue: { '1': 0.1, '2': 0.1 },
};

function explain(extra: Partial<PromoRuleInput>, input: Partial<PricingInput> = {}): RuleExplanation {
  const out = priceCart(cart([line('A', 1, 1000)], input), [rule({ ...tenOff, ...extra })]);
  const e = out.explanations[0];
  if (!e) throw new Error('no explanation');
  return e;
}

const codeOf = (e: RuleExplanation) => (e.applied ? 'applied' : e.code);

describe('rule validity (spec 3 §4), each condition on its own', () => {
  it('applies when every condition holds', () => {
    expect(explain({})).toMatchObject({ applied: true, times: 1, amount: 100, lines: ['0'] });
  });

  const cases: [string, Partial<PromoRuleInput>, Partial<PricingInput>][] = [
    ['inactive', { active: false }, {}],
    ['user_type', { userTypes: [1, 2] }, {}],
    ['region', { regionId: [2] }, {}],
    ['not_started', { timestamps: { start: TEST_NOW + 1, end: TEST_NOW + DAY } }, {}],
    ['ended', { timestamps: { start: 0, end: TEST_NOW - 1 } }, {}],
    [
      'disqualified_sku',
      { disqualificationItems: ['B'] },
      { lines: [line('A', 1, 1000), line('B', 1, 500)] },
    ],
    ['channel', { channels: [2, 3] }, {}],
    ['code_missing', { code: ['SPRING10'] }, {}],
    ['milestone', { milestone: 'milestone1' }, {}],
    ['new_users_only', { newUsersOnly: true }, {}],
    ['influencer', { hasInfluencer: true }, {}],
    ['subscription', { subscriptionBased: true }, {}],
    ['anniversary', { anniversary: true }, {}],
    ['limit_one_per_email', { limitOnePerEmail: true }, { account: { redeemedPromos: ['Ten Off A'] } }],
  ];
  it.each(cases)('fails with %s', (code, extra, input) => {
    const e = explain(extra, input);
    expect(codeOf(e)).toBe(code);
    expect(e.applied ? '' : e.message).not.toBe('');
  });

  it('names the first failing condition in the spec order (user type before region)', () => {
    expect(codeOf(explain({ userTypes: [1], regionId: [2], active: true }))).toBe('user_type');
    expect(codeOf(explain({ regionId: [2], code: ['X'] }))).toBe('region');
  });

  it('treats an inclusive window: valid at its first and last second', () => {
    expect(codeOf(explain({ timestamps: { start: TEST_NOW, end: TEST_NOW } }))).toBe('applied');
  });

  it('matches channels by id or name (WEB is order channel 1)', () => {
    expect(codeOf(explain({ channel: 1 }))).toBe('applied');
    expect(codeOf(explain({ channels: ['web'] }))).toBe('applied');
    expect(codeOf(explain({ channel: 'Counterbase' }, { channel: 4 }))).toBe('applied');
  });

  it('matches promo codes case-insensitively and marks the tag successful', () => {
    const out = priceCart(cart([line('A', 1, 1000)], { promoTags: [{ code: 'spring10' }] }), [
      rule({ ...tenOff, code: ['SPRING10'] }),
    ]);
    expect(out.explanations[0]?.applied).toBe(true);
    expect(out.promoTags).toEqual([{ code: 'spring10', success: true }]);
  });

  it('keeps only the last checkout-origin code (spec 3 §4)', () => {
    const tags = [
      { code: 'SPRING10', fromCheckout: true },
      { code: 'SUMMER5', fromCheckout: true },
      { code: 'VIP' },
    ];
    const out = priceCart(cart([line('A', 1, 1000)], { promoTags: tags }), [
      rule({ ...tenOff, code: ['SPRING10'] }),
    ]);
    expect(out.explanations[0] && codeOf(out.explanations[0])).toBe('code_missing');
    expect(out.promoTags.map((t) => t.code)).toEqual(['SUMMER5', 'VIP']);
    expect(out.promoTags.every((t) => t.success === false)).toBe(true);
  });

  it('needs the milestone held and not expired', () => {
    const held = (expiresAt: number) => ({ account: { milestones: [{ name: 'milestone1', expiresAt }] } });
    expect(codeOf(explain({ milestone: 'milestone1' }, held(TEST_NOW + DAY)))).toBe('applied');
    const expired = explain({ milestone: 'milestone1' }, held(TEST_NOW - DAY));
    expect(codeOf(expired)).toBe('milestone');
    expect(expired.applied ? '' : expired.message).toContain('expired');
  });

  it('accepts new users, influencer attribution and subscription lines when present', () => {
    expect(codeOf(explain({ newUsersOnly: true }, { account: { isNewUser: true } }))).toBe('applied');
    expect(codeOf(explain({ hasInfluencer: true }, { account: { hasInfluencer: true } }))).toBe('applied');
    const sub = { lines: [line('A', 1, 1000, { subscription: true })] };
    expect(codeOf(explain({ subscriptionBased: true }, sub))).toBe('applied');
  });

  it('checks the anniversary month in Pacific time, from the first anniversary on', () => {
    const enrolled = (iso: string) => ({ account: { enrollmentDate: Date.parse(iso) / 1000 } });
    expect(codeOf(explain({ anniversary: true }, enrolled('2021-01-20T20:00:00Z')))).toBe('applied');
    expect(codeOf(explain({ anniversary: true }, enrolled('2021-02-01T05:00:00Z')))).toBe('applied');
    expect(codeOf(explain({ anniversary: true }, enrolled('2021-02-01T09:00:00Z')))).toBe('anniversary');
    expect(codeOf(explain({ anniversary: true }, enrolled('2025-01-02T20:00:00Z')))).toBe('anniversary');
  });

  it('lets a limitOnePerEmail rule apply once for an email that has not redeemed it', () => {
    const out = priceCart(cart([line('A', 3, 1000)]), [
      rule({ ...tenOff, limitOnePerEmail: true, actionQuantity: { max: 5 } }),
    ]);
    expect(out.explanations[0]).toMatchObject({ applied: true, times: 1, amount: 100 });
  });

  it('prices and checks rules by the customer type when a consultant shops for a customer', () => {
    const forClient = { userType: 1, customerUserType: 3 };
    expect(codeOf(explain({ userTypes: [3] }, forClient))).toBe('applied');
    expect(codeOf(explain({ userTypes: [1] }, forClient))).toBe('user_type');
  });
});
