// The promo tool's pure rules (spec 3 §2–§8): collections, the spec's messages, timestamps defaults,
// the populated-name lookup, the bulk edit transform and the stored form a save sends. No schemas:
// the tool's screen loads this without zod; tool.ts, which re-exports it, has the contracts.
import { zoneDate, zoneTimeSeconds } from '../platform/time-zone';
import { PACIFIC_TIME_ZONE } from '../reference/constants';

export const PROMO_COLLECTIONS = ['drafts', 'pending', 'active', 'production'] as const;
export type PromoCollection = (typeof PROMO_COLLECTIONS)[number];
/** Collections the tool saves into; production is only written by a deploy. */
export const EDITABLE_COLLECTIONS = ['drafts', 'pending', 'active'] as const;
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

/** A Firestore timestamp as the tool stores it: whole seconds. */
export interface FirestoreSeconds {
  _seconds: number;
}

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

/** One rule's change in a bulk edit (tool.ts's `BulkChange` contract). */
export interface BulkChange {
  collection: PromoCollection;
  name: string;
  field: BulkField;
  before: string[];
  after: string[];
}

/** An error of a rule, in words on its path (tool.ts's `PromoIssue` contract). */
export interface PromoIssue {
  path: string;
  message: string;
}

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
