import type { PromoRule } from '@domain/promos/rule';
import type { FirestoreSeconds, PromoCollection } from '@domain/promos/tool';
import { and, asc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import {
  categories,
  products,
  promoRules,
  promoRuleVersions,
  promoTags,
  shippingRates,
  specialVolumeSkus,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/sql';

export type PromoRow = typeof promoRules.$inferSelect;

export async function listRules(db: DbOrTx, collections: readonly PromoCollection[]): Promise<PromoRow[]> {
  return db
    .select()
    .from(promoRules)
    .where(inArray(promoRules.collection, [...collections]))
    .orderBy(asc(promoRules.collection), asc(promoRules.name));
}

/** Live rules for the cart engine: the active collection, switched on. */
export async function liveRules(db: DbOrTx): Promise<PromoRow[]> {
  return db
    .select()
    .from(promoRules)
    .where(and(eq(promoRules.collection, 'active'), eq(promoRules.active, true)))
    .orderBy(asc(promoRules.id));
}

/** One rule by collection and case-insensitive name, locked until the transaction ends. */
export async function lockRule(
  tx: DbOrTx,
  collection: PromoCollection,
  name: string,
): Promise<PromoRow | null> {
  const [row] = await tx
    .select()
    .from(promoRules)
    .where(and(eq(promoRules.collection, collection), sql`lower(${promoRules.name}) = lower(${name})`))
    .for('update');
  return row ?? null;
}

export interface RuleValues {
  name: string;
  rule: PromoRule;
  tags: string[];
  timestamps: Record<string, FirestoreSeconds>;
  publishToProd: Date | null;
  updatedBy: string;
}

/** Inserts or replaces the rule of that name in the collection. */
export async function upsertRule(
  tx: DbOrTx,
  collection: PromoCollection,
  existing: PromoRow | null,
  v: RuleValues,
): Promise<PromoRow> {
  const values = {
    name: v.name,
    typeId: v.rule.id,
    active: v.rule.active,
    priority: v.rule.priority,
    tags: v.tags,
    rule: v.rule as unknown as Record<string, unknown>,
    timestamps: v.timestamps,
    publishToProd: v.publishToProd,
    updatedBy: v.updatedBy,
    updatedAt: new Date(),
  };
  if (existing) {
    const [row] = await tx.update(promoRules).set(values).where(eq(promoRules.id, existing.id)).returning();
    return row!;
  }
  const [row] = await tx
    .insert(promoRules)
    .values({ ...values, collection })
    .returning();
  return row!;
}

export async function tagNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: promoTags.name }).from(promoTags).orderBy(asc(promoTags.name));
  return rows.map((r) => r.name);
}

export async function addTags(tx: DbOrTx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .insert(promoTags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

export async function volumeLists(db: DbOrTx) {
  return db.select().from(specialVolumeSkus);
}

export async function shippingRatesOf(db: DbOrTx, regionId: number) {
  return db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.countryId, regionId), eq(shippingRates.active, true)))
    .orderBy(asc(shippingRates.shippingMethodId));
}

/** Products by SKU or title, for the business form's product pickers. */
export async function searchProducts(db: DbOrTx, q: string, limit = 20) {
  const pattern = containsPattern(q);
  return db
    .select({ sku: products.sku, title: products.title })
    .from(products)
    .where(or(ilike(products.sku, pattern), ilike(products.title, pattern)))
    .orderBy(asc(products.title))
    .limit(limit);
}

/** Titles and first category of the SKUs named in the simulator's reasons (unknown SKUs are left out). */
export async function productNames(db: DbOrTx, skus: readonly string[]) {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ sku: products.sku, title: products.title, categoryIds: products.categoryIds })
    .from(products)
    .where(inArray(products.sku, [...skus]));
  const ids = [...new Set(rows.flatMap((r) => r.categoryIds.slice(0, 1)))];
  const named =
    ids.length === 0
      ? []
      : await db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, ids));
  const nameOf = new Map(named.map((c) => [c.id, c.name]));
  return rows.map((r) => ({
    sku: r.sku,
    title: r.title,
    category: (r.categoryIds[0] !== undefined ? nameOf.get(r.categoryIds[0]) : undefined) ?? null,
  }));
}

export type VersionRow = typeof promoRuleVersions.$inferSelect;

export async function hasVersion(tx: DbOrTx, collection: PromoCollection, name: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: promoRuleVersions.id })
    .from(promoRuleVersions)
    .where(
      and(eq(promoRuleVersions.nameKey, name.toLowerCase()), eq(promoRuleVersions.collection, collection)),
    )
    .limit(1);
  return found !== undefined;
}

/** Records a rule as it now is as one version of its history. */
export async function addVersion(
  tx: DbOrTx,
  row: PromoRow,
  action: string,
  savedBy: string,
  savedAt: Date,
): Promise<number> {
  const [added] = await tx
    .insert(promoRuleVersions)
    .values({
      collection: row.collection,
      nameKey: row.name.toLowerCase(),
      name: row.name,
      action,
      rule: row.rule,
      tags: row.tags,
      timestamps: row.timestamps,
      publishToProd: row.publishToProd,
      savedBy,
      savedAt,
    })
    .returning({ id: promoRuleVersions.id });
  return added!.id;
}

/** Which version the rule's delayed deploy publishes (null: none scheduled). */
export async function setScheduledVersion(tx: DbOrTx, id: number, versionId: number | null): Promise<void> {
  await tx.update(promoRules).set({ scheduledVersionId: versionId }).where(eq(promoRules.id, id));
}

export async function versionsByIds(db: DbOrTx, ids: readonly number[]): Promise<VersionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(promoRuleVersions)
    .where(inArray(promoRuleVersions.id, [...ids]));
}

/** Every version of the rules of that name (any collection, case-insensitive), oldest first. */
export async function versionsOf(db: DbOrTx, name: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(promoRuleVersions)
    .where(eq(promoRuleVersions.nameKey, name.toLowerCase()))
    .orderBy(asc(promoRuleVersions.id));
}

export async function versionById(db: DbOrTx, id: number): Promise<VersionRow | null> {
  const [row] = await db.select().from(promoRuleVersions).where(eq(promoRuleVersions.id, id));
  return row ?? null;
}

/**
 * Rules whose publish date has come (drafts, pending or active), oldest date first, locked: a
 * rule another worker is deploying is skipped, and once deployed its date is cleared, so each
 * is deployed once.
 */
export async function claimDueRules(tx: DbOrTx, now: Date, limit: number): Promise<PromoRow[]> {
  return tx
    .select()
    .from(promoRules)
    .where(
      and(
        inArray(promoRules.collection, ['drafts', 'pending', 'active']),
        lte(promoRules.publishToProd, now),
      ),
    )
    .orderBy(asc(promoRules.publishToProd), asc(promoRules.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function clearPublishDate(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(promoRules)
    .set({ publishToProd: null, scheduledVersionId: null })
    .where(eq(promoRules.id, id));
}

/** Changes when a rule of the collection is written, added or removed: count and latest write. */
export async function collectionStamp(db: DbOrTx, collection: PromoCollection): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${promoRules.updatedAt})::text` })
    .from(promoRules)
    .where(eq(promoRules.collection, collection));
  return `${row?.n ?? 0}@${row?.at ?? ''}`;
}
