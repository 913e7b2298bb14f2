import { describe, expect, it } from 'vitest';
import {
  defineRule,
  NO_END_SECONDS,
  promoRuleSchema,
  RULE_TYPES,
  ruleTypeName,
  storedPromoRuleSchema,
  storedToEngine,
} from './rule';

describe('rule type names', () => {
  it('lists ids 0 to 25 once each, with names', () => {
    expect(RULE_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(new Set(RULE_TYPES.map((t) => t.name)).size).toBe(26);
    expect(ruleTypeName(21)).toBe('BoB and renewal windows');
    expect(ruleTypeName(26)).toBeUndefined();
  });
});

describe('engine form', () => {
  it('fills defaults for a minimal rule', () => {
    const rule = defineRule({ id: 0, name: 'Holiday 20% Off Skincare' });
    expect(rule).toMatchObject({
      active: false,
      priority: 0,
      stop: false,
      userTypes: [],
      regionId: [],
      code: [],
      timestamps: { start: 0, end: NO_END_SECONDS },
      conditionQuantity: { min: 1, skip: false, combineConditionItems: true },
      actionQuantity: { max: 1, perConditionItem: 1 },
      discountValue: {},
    });
  });

  it.each([
    ['a percent above 1', { id: 0, discountValue: { '1': 20 } }],
    ['cents that are not integers', { id: 1, discountValue: { '1': 4.99 } }],
    ['a threshold type without a threshold', { id: 5, discountValue: { '1': 0.1 } }],
    ['tiers missing on type 25', { id: 25 }],
    ['no methods on a shipping drop', { id: 19 }],
    ['no adjustment on type 20', { id: 20 }],
    ['an unknown type', { id: 26 }],
    ['an unknown region key', { id: 0, discountValue: { '3': 0.1 } }],
    ['a window that ends before it starts', { id: 0, timestamps: { start: 10, end: 5 } }],
    ['a minimum of zero condition items', { id: 7, conditionQuantity: { min: 0 } }],
  ])('rejects %s', (_, fields) => {
    expect(promoRuleSchema.safeParse({ name: 'Bad', ...fields }).success).toBe(false);
  });

  it('accepts a full threshold gift rule', () => {
    const parsed = promoRuleSchema.safeParse({
      id: 10,
      name: 'Free Travel Bag Over $125',
      active: true,
      spendThreshold: { '1': 12500, '2': 16000 },
      autoAdd: true,
      actionItems: ['50101'],
      cartCounter: true,
    });
    expect(parsed.success).toBe(true);
  });
});

describe('stored form → engine form', () => {
  const stored = {
    name: 'Holiday 20% Off Skincare',
    id: 0,
    active: true,
    priority: null,
    stop: false,
    exclusionItems: ['9000'],
    tags: ['holiday'],
    timestamps: {
      start: { _seconds: 1_700_000_000 },
      end: { _seconds: 1_800_000_000 },
      created: { _seconds: 1 },
    },
    publishToProd: {},
    conditionItems: [],
    actionItems: ['10101'],
    regionId: ['us', 'CA'],
    userTypes: [2, 3],
    discountValue: { '1': 0.2, '2': 0.2 },
    actionQuantity: { max: 99 },
    lastEditedBy: 'agent@example.com',
  };

  it('keeps extra fields in the stored form and converts to the engine form', () => {
    const parsed = storedPromoRuleSchema.parse(stored);
    expect(parsed.lastEditedBy).toBe('agent@example.com');
    expect(storedToEngine(parsed)).toMatchObject({
      id: 0,
      name: 'Holiday 20% Off Skincare',
      priority: 0,
      regionId: [1, 2],
      userTypes: [2, 3],
      timestamps: { start: 1_700_000_000, end: 1_800_000_000 },
      exclusionItems: ['9000'],
      actionItems: ['10101'],
      discountValue: { '1': 0.2, '2': 0.2 },
      actionQuantity: { max: 99, perConditionItem: 1 },
      tag: 'holiday',
    });
  });

  it('falls back to startDate and endDate, and a delayed deploy moves the start', () => {
    const parsed = storedPromoRuleSchema.parse({
      ...stored,
      timestamps: {},
      startDate: '2025-03-01T08:00:00.000Z',
      endDate: '2025-03-08T07:59:00.000Z',
      publishToProd: { _seconds: 1_741_000_000 },
    });
    expect(storedToEngine(parsed).timestamps).toEqual({ start: 1_741_000_000, end: 1_741_420_740 });
  });

  it('has no window when neither timestamps nor dates are set', () => {
    const parsed = storedPromoRuleSchema.parse({ ...stored, timestamps: {} });
    expect(storedToEngine(parsed).timestamps).toEqual({ start: 0, end: NO_END_SECONDS });
  });

  it('throws on a region code it does not know', () => {
    expect(() => storedToEngine(storedPromoRuleSchema.parse({ ...stored, regionId: ['mx'] }))).toThrow();
  });
});
