// Promo service contracts (spec 3 §2–§8): the rule records, the editRule / deployRule / bulkUpdate /
// create payloads and answers, and the simulator's. The tool's pure rules (collections, messages,
// timestamps, the bulk edit) are in tool-rules.ts, without zod for the screen, and the rule's
// checks in compile.ts, loaded when a rule is opened; both are re-exported here.
import { z } from 'zod';
import { localeCodeSchema } from '../carts/cart';
import type { PricingInput } from '../pricing';
import type { PromoRule } from './rule';
import {
  BULK_ACTIONS,
  BULK_FIELDS,
  type BulkChange as BulkChangeShape,
  EDITABLE_COLLECTIONS,
  PROMO_COLLECTIONS,
  type PromoIssue as PromoIssueShape,
} from './tool-rules';

export { type CompiledStored, compileStored, engineIssues, rulesFromHandover } from './compile';
export {
  applyBulkEdit,
  BULK_ACTIONS,
  BULK_FIELDS,
  type BulkAction,
  type BulkField,
  bulkChanges,
  bulkUpdateReady,
  COLLECTION_LABELS,
  canonicalJson,
  defaultDuration,
  defaultTimestamps,
  EDITABLE_COLLECTIONS,
  engineToStored,
  type FirestoreSeconds,
  findRuleByName,
  PROMO_COLLECTIONS,
  PROMO_MESSAGES,
  type PromoCollection,
  parseSkuList,
  sameRuleContent,
} from './tool-rules';

export const promoCollectionSchema = z.enum(PROMO_COLLECTIONS);
export const editableCollectionSchema = z.enum(EDITABLE_COLLECTIONS);

const seconds = z.object({ _seconds: z.number().int() });

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
  /** The delayed deploy's snapshot when a publish date is set (ADR 032), else null: always sent. */
  scheduled: ScheduledDeploy.nullable(),
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

export const PromoIssue = z.object({
  path: z.string(),
  message: z.string(),
}) satisfies z.ZodType<PromoIssueShape>;
export type PromoIssue = PromoIssueShape;
/** Answer of editRule, deployRule, create and bulkUpdate (spec 3 §7). */
export const PromoAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Always sent: empty on success. */
  errors: z.array(PromoIssue),
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

/** The answer of a save, deploy, re-schedule, restore or create as the tool reads it: the rule as saved. */
export const SavedRuleAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PromoRuleRecord,
});
/** Every tag the rules carry, to pick from. */
export const PromoTagsAnswer = z.object({ success: z.literal(true), promoTagsList: z.array(z.string()) });
/** Titles and categories of the SKUs the simulator's reasons name. */
export const ProductNamesAnswer = z.object({
  success: z.literal(true),
  data: z.array(z.object({ sku: z.string(), title: z.string(), category: z.string().nullable() })),
});

// Bulk update (spec 3 §5).
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
}) satisfies z.ZodType<BulkChangeShape>;
export type BulkChange = BulkChangeShape;
export const BulkUpdateAnswer = PromoAnswer.extend({ changes: z.array(BulkChange) });

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
/** A cart priced by the server (flag promoToolCartApi on): the engine's answer. */
export const SimulatedAnswer = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.unknown()),
});
export const SimulationInputAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    input: z.record(z.string(), z.unknown()),
    rules: z.array(z.record(z.string(), z.unknown())),
    salesTax: SimulatorSalesTax.nullable(),
  }),
});
