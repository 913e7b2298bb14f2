// Promo rule contracts: the engine form the pricing engine reads, the stored form the promo tool
// saves, and the conversion between them (spec 3 §3; rule types and engine order in DESIGN §6).
import { z } from 'zod';
import { AMOUNT_RULE_TYPES, NO_END_SECONDS, PERCENT_RULE_TYPES } from './rule-types';

// Rule types and their values, without zod for the screens that only name them (rule-types.ts).
export {
  AMOUNT_RULE_TYPES,
  NO_END_SECONDS,
  PERCENT_RULE_TYPES,
  RULE_TYPES,
  ruleTypeName,
} from './rule-types';

/** Region ids as discountValue keys: '1' United States, '2' Canada (spec 3 §3). */
export const regionKeySchema = z.enum(['1', '2']);
export type RegionKey = z.infer<typeof regionKeySchema>;
const perRegion = <T extends z.ZodType>(value: T) => z.partialRecord(regionKeySchema, value);

const cents = z.number().int().nonnegative();
const sku = z.string().min(1);
const epochSeconds = z.number().int();

export const conditionQuantitySchema = z.object({
  /** Condition items that make one application (DESIGN §6). */
  min: z.number().int().min(1).default(1),
  /** Units counted as condition items are skipped when action items are picked (so one unit never serves both). */
  skip: z.boolean().default(false),
  /** Count all condition SKUs together toward `min`; otherwise each SKU must reach `min` on its own. */
  combineConditionItems: z.boolean().default(true),
});

export const actionQuantitySchema = z.object({
  /** Most applications of the rule per cart. */
  max: z.number().int().min(1).default(1),
  /** Action units granted by each application. */
  perConditionItem: z.number().int().min(1).default(1),
});

export const volumeAdjustmentSchema = z.object({
  mode: z.enum(['set', 'scale']),
  CV: z.number().nonnegative().optional(),
  PV: z.number().nonnegative().optional(),
  QV: z.number().nonnegative().optional(),
});

export const ruleTierSchema = z.object({
  /** Quantity or cents, by `tierBasis`. */
  min: z.number().nonnegative(),
  discountValue: perRegion(z.number().min(0).max(1)),
});

const engineShape = {
  /** Rule type 0–25 (DESIGN §6). */
  id: z.number().int().min(0).max(25),
  name: z.string().min(1),
  active: z.boolean().default(false),
  /** Promo-tool user type ids; empty means every user type. */
  userTypes: z.array(z.number().int()).default([]),
  /** Region ids (1 US, 2 CA); empty means both. */
  regionId: z.array(z.number().int()).default([]),
  timestamps: z
    .object({ start: epochSeconds, end: epochSeconds })
    .default({ start: 0, end: NO_END_SECONDS })
    .refine((t) => t.start <= t.end, 'Start must not be after end'),
  disqualificationItems: z.array(sku).default([]),
  channel: z.union([z.string(), z.number()]).optional(),
  channels: z.array(z.union([z.string(), z.number()])).optional(),
  /** Promo codes that unlock the rule (matched case-insensitively); empty means no code needed. */
  code: z.array(z.string().min(1)).default([]),
  /** Name of the consultant milestone the account must hold, unexpired. */
  milestone: z.string().optional(),
  newUsersOnly: z.boolean().default(false),
  anniversary: z.boolean().default(false),
  hasInfluencer: z.boolean().default(false),
  validateBoB: z.boolean().default(false),
  validateRenewal: z.boolean().default(false),
  subscriptionBased: z.boolean().default(false),
  conditionItems: z.array(sku).default([]),
  conditionQuantity: conditionQuantitySchema.default({ min: 1, skip: false, combineConditionItems: true }),
  exclusionItems: z.array(sku).default([]),
  /** Lines this rule discounts are left out of the subtotal that later subtotal and threshold rules see. */
  excludeFromSubtotal: z.boolean().default(false),
  actionItems: z.array(sku).default([]),
  actionQuantity: actionQuantitySchema.default({ max: 1, perConditionItem: 1 }),
  /** Fraction for percent types, integer cents for amount and fixed-price types, keyed by region id. */
  discountValue: perRegion(z.number().nonnegative()).default({}),
  autoAdd: z.boolean().default(false),
  oneForOne: z.boolean().default(false),
  limitOnePerEmail: z.boolean().default(false),
  final_sale: z.boolean().default(false),
  do_not_ship_alone: z.boolean().default(false),
  doNotStack: z.boolean().default(false),
  /** Higher runs first (the host half-off promo runs at 100). */
  priority: z.number().int().default(0),
  stop: z.boolean().default(false),
  cartCounter: z.boolean().default(false),
  noSelection: z.boolean().default(false),
  tag: z.string().optional(),
  dropGWPs: z.boolean().default(false),

  // Fields the 26 types need that spec 3 §3 does not name.
  /** Types 5, 6, 10 (and optionally others): subtotal in cents the cart must reach, per region. */
  spendThreshold: perRegion(cents).optional(),
  /** Type 25: tiers, highest reached wins. */
  tiers: z.array(ruleTierSchema).optional(),
  /** Type 25: tiers count condition units ('quantity') or eligible subtotal in cents ('spend'). */
  tierBasis: z.enum(['quantity', 'spend']).optional(),
  /** Types 16–18: methods the shipping promo applies to (empty = all); type 19: methods it removes. */
  shippingMethods: z.array(z.number().int()).optional(),
  /** Type 20: per-unit CV/PV/QV set to, or scaled by, these values. */
  volumeAdjustment: volumeAdjustmentSchema.optional(),
};

function checkTypeFields(rule: z.infer<z.ZodObject<typeof engineShape>>, ctx: z.RefinementCtx): void {
  const values = Object.values(rule.discountValue);
  if (PERCENT_RULE_TYPES.includes(rule.id) && values.some((v) => v > 1)) {
    ctx.addIssue({
      code: 'custom',
      path: ['discountValue'],
      message: 'Percent values are fractions (0.2 = 20%)',
    });
  }
  if (AMOUNT_RULE_TYPES.includes(rule.id) && values.some((v) => !Number.isInteger(v))) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Amounts are integer cents' });
  }
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (rule.id === 5 || rule.id === 6 || rule.id === 10) {
    need(rule.spendThreshold !== undefined, 'spendThreshold', 'Threshold types need spendThreshold');
  }
  if (rule.id === 25) need((rule.tiers?.length ?? 0) > 0, 'tiers', 'Type 25 needs at least one tier');
  if (rule.id === 20)
    need(rule.volumeAdjustment !== undefined, 'volumeAdjustment', 'Type 20 needs a volume adjustment');
  if (rule.id === 19)
    need((rule.shippingMethods?.length ?? 0) > 0, 'shippingMethods', 'Type 19 drops methods');
}

/** Engine form of a promo rule (spec 3 §3). */
export const promoRuleSchema = z.object(engineShape).superRefine(checkTypeFields);
export type PromoRule = z.infer<typeof promoRuleSchema>;
/** What an author writes: every field with a default may be left out. */
export type PromoRuleInput = z.input<typeof promoRuleSchema>;

/** Parses an authored rule into the engine form, filling defaults; throws on an invalid rule. */
export function defineRule(input: PromoRuleInput): PromoRule {
  return promoRuleSchema.parse(input);
}

// Stored form (spec 3 §3). The promo tool's documents carry the engine fields as well, so the
// object is loose: unknown keys pass through to the conversion.
const firestoreTime = z.object({ _seconds: z.number().int(), _nanoseconds: z.number().int().optional() });

export const storedPromoRuleSchema = z.looseObject({
  name: z.string().min(1),
  id: z.number().int().min(0).max(25),
  active: z.boolean().default(false),
  priority: z.number().int().nullable().optional(),
  stop: z.boolean().default(false),
  exclusionItems: z.array(sku).default([]),
  tags: z.array(z.string()).default([]),
  timestamps: z.record(z.string(), firestoreTime).default({}),
  publishToProd: z.union([firestoreTime, z.object({})]).optional(),
  conditionItems: z.array(sku).default([]),
  actionItems: z.array(sku).default([]),
  /** Country codes: 1/2, 'us'/'ca' or 'US'/'CA'. */
  regionId: z.array(z.union([z.number().int(), z.string()])).default([]),
  userTypes: z.array(z.number().int()).default([]),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});
export type StoredPromoRule = z.infer<typeof storedPromoRuleSchema>;

function regionIdOf(code: number | string): number {
  if (typeof code === 'number') return code;
  const lower = code.trim().toLowerCase();
  if (lower === 'us' || lower === '1') return 1;
  if (lower === 'ca' || lower === '2') return 2;
  return Number.NaN;
}

const isoSeconds = (iso: string | undefined): number | undefined =>
  iso === undefined ? undefined : Math.floor(Date.parse(iso) / 1000);

/**
 * Stored → engine form. The window starts at timestamps.start (else startDate, else always) and ends
 * at timestamps.end (else endDate, else never); a delayed deploy (publishToProd) moves the start
 * later, because the rule is not live before it is published.
 */
export function storedToEngine(stored: StoredPromoRule): PromoRule {
  const { tags, timestamps, publishToProd, startDate, endDate, regionId, priority, ...rest } = stored;
  const publishAt = publishToProd && '_seconds' in publishToProd ? Number(publishToProd._seconds) : undefined;
  const start = timestamps.start?._seconds ?? isoSeconds(startDate) ?? 0;
  const end = timestamps.end?._seconds ?? isoSeconds(endDate) ?? NO_END_SECONDS;
  const tag = typeof rest.tag === 'string' ? rest.tag : tags[0];
  return promoRuleSchema.parse({
    ...rest,
    priority: priority ?? 0,
    regionId: regionId.map(regionIdOf),
    timestamps: { start: publishAt === undefined ? start : Math.max(start, publishAt), end },
    ...(tag === undefined ? {} : { tag }),
  });
}
