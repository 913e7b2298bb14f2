// Promo service contracts and the promo tool's pure rules (spec 3 §2–§8): collections, the editRule /
// deployRule / bulkUpdate / create payloads, the spec's messages, timestamps defaults, the
// populated-name lookup and the bulk edit transform.
import { z } from 'zod';
import { localeCodeSchema } from '../carts/cart';
import { zoneDate, zoneTimeSeconds } from '../platform/time-zone';
import type { PricingInput } from '../pricing';
import { PACIFIC_TIME_ZONE } from '../reference/constants';
import { issueInWords } from './issue-words';
import { type PromoRule, promoRuleSchema, storedPromoRuleSchema, storedToEngine } from './rule';

export const PROMO_COLLECTIONS = ['drafts', 'pending', 'active', 'production'] as const;
export const promoCollectionSchema = z.enum(PROMO_COLLECTIONS);
export type PromoCollection = z.infer<typeof promoCollectionSchema>;
/** Collections the tool saves into; production is only written by a deploy. */
export const EDITABLE_COLLECTIONS = ['drafts', 'pending', 'active'] as const;
export const editableCollectionSchema = z.enum(EDITABLE_COLLECTIONS);
export const COLLECTION_LABELS: Record<PromoCollection, string> = {
  drafts: 'Drafts',
  pending: 'Pending',
  active: 'Active',
  production: 'Production',
};

/** Spec 3 §8, word for word. */
export const PROMO_MESSAGES = {
  saved: 'Promo successfully updated',
  deployed: 'Promo successfully Deployed! Please remember to manually set active to true in Firestore.',
  /** Deployed with "Also set active": the reminder would be untrue, so the answer says what was done. */
  deployedActive: 'Promo successfully Deployed to production and set active: carts price with it now.',
  rescheduled: (name: string, when: string) =>
    `The delayed deploy of ${name} now publishes the rule as saved, on ${when}.`,
  insufficient: 'Insufficient Permissions',
  createdPending: (name: string) => `Promo rule ${name} successfully created and saved to pending rules.`,
  createdDrafts: (name: string) => `Promo rule ${name} successfully created and saved to drafts.`,
  createdProduction: (name: string) => `Promo rule ${name} successfully deployed to production.`,
  bulkUpdated: (rules: readonly string[]) => `Promos successfully update: ${rules.join(', ')}`,
} as const;

const seconds = z.object({ _seconds: z.number().int() });
export type FirestoreSeconds = z.infer<typeof seconds>;

/**
 * What a delayed deploy publishes (ADR 032): the rule as it was saved when the publish date was set or
 * the deploy re-scheduled. `changedSince` says the rule was saved differently after that: the later
 * changes do not go live at the publish date unless the deploy is re-scheduled.
 */
export const ScheduledDeploy = z.object({
  versionId: z.number().int(),
  publishAt: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string(),
  rule: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  timestamps: z.record(z.string(), seconds),
  changedSince: z.boolean(),
});
export type ScheduledDeploy = z.infer<typeof ScheduledDeploy>;

/** JSON text with object keys sorted: equal for equal values whatever order the keys were stored in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Whether two saves of a rule publish the same thing (rule, tags and timestamps). */
export const sameRuleContent = (
  a: { rule: unknown; tags: readonly string[]; timestamps: unknown },
  b: { rule: unknown; tags: readonly string[]; timestamps: unknown },
) =>
  canonicalJson({ rule: a.rule, tags: a.tags, timestamps: a.timestamps }) ===
  canonicalJson({ rule: b.rule, tags: b.tags, timestamps: b.timestamps });

/** One rule of one collection as the service returns it: stored fields, engine form, last change. */
export const PromoRuleRecord = z.object({
  collection: promoCollectionSchema,
  name: z.string(),
  typeId: z.number().int(),
  active: z.boolean(),
  priority: z.number().int(),
  stop: z.boolean(),
  regionId: z.array(z.number().int()),
  userTypes: z.array(z.number().int()),
  tags: z.array(z.string()),
  timestamps: z.record(z.string(), seconds),
  /** {_seconds} when a delayed deploy is set, else {}. */
  publishToProd: z.union([seconds, z.object({})]),
  rule: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** The delayed deploy's snapshot, when a publish date is set (ADR 032). */
  scheduled: ScheduledDeploy.nullable().default(null),
});
export type PromoRuleRecord = z.infer<typeof PromoRuleRecord>;

/** The rule a save sends: the stored form (spec 3 §3) with every engine field beside it. */
export const StoredRuleInput = z.record(z.string(), z.unknown());

export const EditRuleRequest = z.object({ collection: editableCollectionSchema, rule: StoredRuleInput });
export type EditRuleRequest = z.infer<typeof EditRuleRequest>;
export const DeployRuleRequest = z.object({
  /** Where the rule is deployed from. */
  collection: z.enum(['drafts', 'pending', 'active']),
  rule: z.object({ name: z.string().min(1) }).loose(),
  /** Also put it in the active collection, switched on. */
  active: z.boolean().default(false),
});
export type DeployRuleRequest = z.input<typeof DeployRuleRequest>;
/** Re-schedule a delayed deploy with the rule as it is saved now (ADR 032). */
export const RescheduleRequest = z.object({
  collection: z.enum(['drafts', 'pending', 'active']),
  name: z.string().min(1).max(200),
});
export type RescheduleRequest = z.infer<typeof RescheduleRequest>;

export const PromoIssue = z.object({ path: z.string(), message: z.string() });
export type PromoIssue = z.infer<typeof PromoIssue>;
/** Answer of editRule, deployRule, create and bulkUpdate (spec 3 §7). */
export const PromoAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.array(PromoIssue).default([]),
});

export const RulesAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    drafts: z.array(PromoRuleRecord),
    pending: z.array(PromoRuleRecord),
    active: z.array(PromoRuleRecord),
    'promo-rules-prod': z.array(PromoRuleRecord).optional(),
  }),
});
export type RulesAnswer = z.infer<typeof RulesAnswer>;

// Bulk update (spec 3 §5: valid only with action, field and a non-empty SKU list; SKUs comma-separated
// and trimmed).
export const BULK_ACTIONS = ['add', 'remove'] as const;
export const BULK_FIELDS = [
  'conditionItems',
  'actionItems',
  'exclusionItems',
  'disqualificationItems',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export type BulkField = (typeof BULK_FIELDS)[number];

export const RuleRef = z.object({ collection: promoCollectionSchema, name: z.string().min(1) });
export type RuleRef = z.infer<typeof RuleRef>;
export const BulkUpdateRequest = z.object({
  action: z.enum(BULK_ACTIONS),
  field: z.enum(BULK_FIELDS),
  rules: z.array(RuleRef).min(1, 'Choose at least one rule').max(500),
  /** Comma-separated, or a list. */
  skus: z.union([z.string(), z.array(z.string())]),
  /** Preview only: answer the changes without writing them. */
  preview: z.boolean().default(false),
});
export type BulkUpdateRequest = z.input<typeof BulkUpdateRequest>;

export const BulkChange = z.object({
  collection: promoCollectionSchema,
  name: z.string(),
  field: z.enum(BULK_FIELDS),
  before: z.array(z.string()),
  after: z.array(z.string()),
});
export type BulkChange = z.infer<typeof BulkChange>;
export const BulkUpdateAnswer = PromoAnswer.extend({ changes: z.array(BulkChange) });

/** "a, b ,,c" → ['a','b','c']: comma-separated, trimmed, empties and repeats dropped. */
export function parseSkuList(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((s) => s.split(','));
  return [...new Set(parts.map((s) => s.trim()).filter((s) => s.length > 0))];
}

/** Spec 3 §5: bulk update is valid only when action, field and a non-empty SKU list are set. */
export function bulkUpdateReady(form: {
  action: string | null | undefined;
  field: string | null | undefined;
  skus: string;
}): boolean {
  return Boolean(form.action) && Boolean(form.field) && parseSkuList(form.skus).length > 0;
}

/** The new value of the field after adding or removing SKUs; order kept, new SKUs appended. */
export function applyBulkEdit(
  current: readonly string[],
  action: BulkAction,
  skus: readonly string[],
): string[] {
  if (action === 'add') return [...current, ...skus.filter((s) => !current.includes(s))];
  const drop = new Set(skus);
  return current.filter((s) => !drop.has(s));
}

/** Changes a bulk edit makes to the rules given; rules it leaves as they are are not listed. */
export function bulkChanges(
  rules: readonly { collection: PromoCollection; name: string; rule: Record<string, unknown> }[],
  action: BulkAction,
  field: BulkField,
  skus: readonly string[],
): BulkChange[] {
  const out: BulkChange[] = [];
  for (const r of rules) {
    const value = r.rule[field];
    const before = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    const after = applyBulkEdit(before, action, skus);
    if (after.length !== before.length || after.some((s, i) => s !== before[i])) {
      out.push({ collection: r.collection, name: r.name, field, before, after });
    }
  }
  return out;
}

// Timestamps (spec 3 §4: default midnight today, in seconds; business durations in Pacific time).

/**
 * Spec 3 §4: default timestamps are midnight today, in seconds. Only the start is set: a rule
 * without an end never ends (NO_END_SECONDS in the engine form).
 */
export function defaultTimestamps(now: Date, timeZone = PACIFIC_TIME_ZONE): Record<string, FirestoreSeconds> {
  return { start: { _seconds: zoneTimeSeconds(zoneDate(now, timeZone), [0, 0, 0], timeZone) } };
}

/** Business promo duration: today 12:00a to 7 days ahead 11:59p, Pacific. */
export function defaultDuration(now: Date): { start: number; end: number } {
  const today = zoneDate(now);
  const later = zoneDate(new Date(now.getTime() + 7 * 86_400_000));
  return { start: zoneTimeSeconds(today, [0, 0, 0]), end: zoneTimeSeconds(later, [23, 59, 0]) };
}

/**
 * Spec 3 §4 populated-name flow: the active or pending rule with that name, case-insensitively
 * (active first).
 */
export function findRuleByName<T extends { collection: PromoCollection; name: string }>(
  rules: readonly T[],
  name: string,
): T | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  const match = (collection: PromoCollection) =>
    rules.find((r) => r.collection === collection && r.name.toLowerCase() === wanted);
  return match('active') ?? match('pending');
}

export interface CompiledStored {
  rule: PromoRule | null;
  errors: PromoIssue[];
}

/**
 * Stored → engine form with every error kept: the stored shape first, then the engine schema
 * (spec 3 §5: the errors are kept for display).
 */
export function compileStored(input: unknown): CompiledStored {
  const stored = storedPromoRuleSchema.safeParse(input);
  if (!stored.success) {
    return {
      rule: null,
      errors: stored.error.issues.map(issueInWords),
    };
  }
  try {
    return { rule: storedToEngine(stored.data), errors: [] };
  } catch (error) {
    if (error instanceof z.ZodError) {
      return { rule: null, errors: error.issues.map(issueInWords) };
    }
    throw error;
  }
}

/** Engine-form check for the JSON editor: every issue with its path. */
export function engineIssues(value: unknown): PromoIssue[] {
  const parsed = promoRuleSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map(issueInWords);
}

/** Engine rule → the stored form the tool saves (tags, timestamps map and publishToProd beside it). */
export function engineToStored(
  rule: Record<string, unknown>,
  extra: {
    tags: string[];
    timestamps: Record<string, FirestoreSeconds>;
    publishToProd: FirestoreSeconds | null;
  },
): Record<string, unknown> {
  const { timestamps: _engineWindow, ...rest } = rule;
  return {
    ...rest,
    tags: extra.tags,
    timestamps: extra.timestamps,
    publishToProd: extra.publishToProd ?? {},
  };
}

// Simulator (spec 3 §7 shippingRates payload, with the collection or draft to price against).

/** Where the simulated cart ships: its country (the region's) and state or province set the tax. */
export const SimulatorAddress = z.object({
  country: z.enum(['US', 'CA']),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Enter the 2-letter state or province code'),
  postalCode: z.string().trim().max(10).optional(),
});
/** The sales tax of the simulated address (basis points; shipping taxed or not). */
export const SimulatorSalesTax = z.object({
  region: z.string(),
  rateBasisPoints: z.number().int(),
  taxShipping: z.boolean(),
});
export type SimulatorSalesTax = z.infer<typeof SimulatorSalesTax>;
export const SimulateRequest = z.object({
  /** The cart's locale (its currency); default the region's first (en-US, en-CA). */
  localcode: localeCodeSchema.optional(),
  /** Epoch seconds to simulate at; default now. */
  timestamp: z.number().int().optional(),
  channel: z.union([z.string().max(20), z.number().int()]).default(4),
  user: z.object({
    userType: z.number().int().min(1).max(7),
    regionId: z.union([z.literal(1), z.literal(2)]),
  }),
  /** A customer's id (uid): their account facts price the cart (new user, milestones, dates). */
  customer: z.string().trim().max(64).optional(),
  newShippingRates: z
    .array(z.object({ method: z.number().int(), amount: z.number().int().min(0) }))
    .optional(),
  // Every input a cart prices from (spec 3 §3 cart line item and cart): the simulator prices
  // them exactly as the cart does (simulatorInstance, then the carts' pricingInput).
  cart: z.object({
    products: z
      .array(
        z.object({
          sku: z.string().min(1).max(40),
          quantity: z.number().int().min(1).max(999),
          isHostReward: z.boolean().optional(),
          subscription: z.boolean().optional(),
          selectedVariant: z.string().max(40).optional(),
        }),
      )
      .max(200),
    promoItems: z
      .array(z.object({ sku: z.string(), quantity: z.number().int(), promo: z.string().max(200).optional() }))
      .max(200)
      .default([]),
    promoTags: z
      .array(z.object({ code: z.string().max(60), fromCheckout: z.boolean().optional() }))
      .max(50)
      .default([]),
    /** Host rewards; one without a line of its own (isHostReward) gets one of `quantity` (default 1). */
    hostRewardItems: z
      .array(
        z.object({
          sku: z.string(),
          isFree: z.boolean(),
          quantity: z.number().int().min(1).max(999).optional(),
        }),
      )
      .max(50)
      .default([]),
    /** Free items the shopper removed: never added again (spec 3 §4). */
    removedPromoItems: z.array(z.string().max(40)).max(200).default([]),
    /** Gift picks for selection rules, by rule name. */
    giftSelections: z
      .array(z.object({ promo: z.string().min(1).max(200), sku: z.string().min(1).max(40) }))
      .max(50)
      .default([]),
    shipping: z
      .object({
        method: z.number().int().nullable().default(null),
        /** Accepted as the spec's payload has it; the simulator never saves an address. */
        saveAddress: z.boolean().default(false),
        address: SimulatorAddress.optional(),
      })
      .default({ method: null, saveAddress: false }),
  }),
  /** Collection whose rules price the cart (default active). */
  collection: promoCollectionSchema.default('active'),
  /** A rule being edited, in stored form: replaces the rule of the same name, or is added. */
  draft: StoredRuleInput.optional(),
  /** Price drafts and pending rules (and the draft) as if switched on: they are off until deployed. */
  assumeActive: z.boolean().default(true),
});
export type SimulateRequest = z.input<typeof SimulateRequest>;

/**
 * What the simulator prices (spec 3 §2 Promo tool, flag promoToolCartApi): the engine input built on the server
 * and the rules with the draft in place. With the flag off the browser prices it with the engine;
 * on, the server does; the engine is the same pure function, so the answers are the same.
 */
export interface SimulationInput {
  input: PricingInput;
  rules: PromoRule[];
}
/**
 * The browser's side of a simulation: each rule handed over back in engine form (the server leaves
 * out fields at their default, and sends only a stub of the rules that cannot change the cart).
 */
export function rulesFromHandover(rules: readonly unknown[]): PromoRule[] {
  return rules.map((r) => promoRuleSchema.parse(r));
}
export const SimulationInputAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    input: z.record(z.string(), z.unknown()),
    rules: z.array(z.record(z.string(), z.unknown())),
    salesTax: SimulatorSalesTax.nullable(),
  }),
});
