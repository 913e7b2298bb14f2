import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
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
