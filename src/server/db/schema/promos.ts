import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc } from './columns';

/**
 * Promo rules per collection (drafts, pending, active, production — spec 3 §3). `rule` holds the
 * engine form; the columns beside it are copies used for listing and indexing.
 */
export const promoRules = pgTable(
  'promo_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collection: text('collection').$type<'drafts' | 'pending' | 'active' | 'production'>().notNull(),
    name: text('name').notNull(),
    typeId: smallint('type_id').notNull(),
    active: boolean('active').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    tags: text('tags').array().notNull().default([]),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    timestamps: jsonb('timestamps').$type<Record<string, { _seconds: number }>>().notNull().default({}),
    publishToProd: utc('publish_to_prod'),
    /**
     * The version (promo_rule_versions.id) the delayed deploy publishes: the rule as it was when the
     * publish date was set or the deploy re-scheduled, not what the rule is when the date comes (ADR 032).
     */
    scheduledVersionId: bigint('scheduled_version_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('promo_rules_collection_name_key').on(t.collection, sql`lower(${t.name})`),
    index('promo_rules_active_idx').on(t.collection, t.active),
    // The delayed-deploy worker's poll: only rules with a publish date are indexed.
    index('promo_rules_publish_idx').on(t.publishToProd).where(sql`${t.publishToProd} is not null`),
  ],
);

/**
 * Every saved version of a rule (spec 3 §4 Promo editor, ADR 012), written in the transaction of the save
 * beside its promos-log event. The change log keeps differences only; a version keeps the whole
 * rule, so any two can be compared and one restored. `name_key` is the lower-cased name: rules are
 * named case-insensitively per collection.
 */
export const promoRuleVersions = pgTable(
  'promo_rule_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collection: text('collection').$type<'drafts' | 'pending' | 'active' | 'production'>().notNull(),
    nameKey: text('name_key').notNull(),
    name: text('name').notNull(),
    /** What made the version: promo.create, promo.update, promo.deploy, promo.restore, … */
    action: text('action').notNull(),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    tags: text('tags').array().notNull().default([]),
    timestamps: jsonb('timestamps').$type<Record<string, { _seconds: number }>>().notNull().default({}),
    publishToProd: utc('publish_to_prod'),
    savedBy: text('saved_by').notNull(),
    savedAt: utc('saved_at').notNull().defaultNow(),
  },
  (t) => [index('promo_rule_versions_name_idx').on(t.nameKey, t.id)],
);

export const promoTags = pgTable('promo_tags', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

export interface MilestoneItem {
  id: number;
  typeId: number;
  name: string;
  value: number;
}

/** Incentive milestones 1–3 with their requirements and rewards (DESIGN §5). */
export const milestones = pgTable('milestones', {
  name: text('name').primaryKey(),
  countingKeyUs: text('counting_key_us').notNull(),
  countingKeyCa: text('counting_key_ca').notNull(),
  participantRequirements: jsonb('participant_requirements').$type<MilestoneItem[]>().notNull().default([]),
  participantRewards: jsonb('participant_rewards').$type<MilestoneItem[]>().notNull().default([]),
  enrollerRewards: jsonb('enroller_rewards').$type<MilestoneItem[]>().notNull().default([]),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by'),
});

export const incentivePeriods = pgTable('incentive_periods', {
  periodId: integer('period_id').primaryKey(),
  startDate: utc('start_date').notNull(),
  endDate: utc('end_date').notNull(),
});

/** Enroller payout rows produced by the counting job; paying is idempotent. */
export const enrollerPayouts = pgTable(
  'enroller_payouts',
  {
    rewardPayoutId: bigserial('reward_payout_id', { mode: 'number' }).primaryKey(),
    participantAccountId: bigint('participant_account_id', { mode: 'number' }).notNull(),
    enrollerAccountId: bigint('enroller_account_id', { mode: 'number' }).notNull(),
    milestoneName: text('milestone_name').notNull(),
    countingKey: text('counting_key').notNull(),
    countryId: smallint('country_id').notNull(),
    periodId: integer('period_id').notNull(),
    startDate: utc('start_date').notNull(),
    endDate: utc('end_date').notNull(),
    finished: boolean('finished').notNull().default(false),
    succeeded: boolean('succeeded').notNull().default(false),
    /** The enroller reward in cents, and the part of it paid as product credit (values of the counting run). */
    amountCents: integer('amount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    paidDate: utc('paid_date'),
    paidBy: text('paid_by'),
    /** Progress the counting job found: personal volume within the window, consultants enrolled in it. */
    personalVolume: numeric('personal_volume', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    enrolledConsultants: integer('enrolled_consultants').notNull().default(0),
    countedAt: utc('counted_at'),
    /** The product-credit ledger entry that issued the enroller reward, when it was product credit. */
    creditLedgerId: bigint('credit_ledger_id', { mode: 'number' }),
    /** The payout selection that paid the row. */
    selectionId: text('selection_id'),
  },
  (t) => [
    uniqueIndex('enroller_payouts_participant_key').on(t.participantAccountId, t.milestoneName, t.periodId),
    index('enroller_payouts_period_idx').on(t.startDate, t.endDate),
    index('enroller_payouts_period_market_idx').on(t.periodId, t.countryId, t.milestoneName),
    index('enroller_payouts_enroller_idx').on(t.enrollerAccountId),
  ],
);

/**
 * One paid selection (enrollerIssuePayouts with a selectionId): asking again with the same id
 * answers what the first call paid instead of paying again.
 */
export const payoutSelections = pgTable('payout_selections', {
  selectionId: text('selection_id').primaryKey(),
  periodId: integer('period_id').notNull(),
  paidCount: integer('paid_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  creditEntries: integer('credit_entries').notNull(),
  /** Hash of the selection paid: the same selectionId with another selection is refused (ADR 021). */
  requestHash: text('request_hash'),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});

/**
 * Redemptions of limitOnePerEmail rules (spec 3 §4): one row per email and rule, written in the
 * purchase transaction of the order that redeemed it. The primary key makes a second redemption
 * by the same email impossible, even for two purchases at once.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    promo: text('promo').notNull(),
    orderId: text('order_id').notNull(),
    redeemedAt: utc('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_email_promo_key').on(t.email, t.promo),
    index('promo_redemptions_order_idx').on(t.orderId),
  ],
);
