// Rule history (spec 3 §2 Promo tool, ADR 012): every saved version of a rule, who saved it and when, compared with the
// version before it in the same collection, and "restore this version" into drafts.
import { z } from 'zod';
import { type Difference, diff } from '../platform/diff';
import { promoCollectionSchema } from './tool';

export { RESTORE_MESSAGE } from './history-words';

const seconds = z.object({ _seconds: z.number().int() });

export const DifferenceSchema = z.object({
  kind: z.enum(['N', 'D', 'E', 'A']),
  path: z.array(z.union([z.string(), z.number()])),
  lhs: z.unknown().optional(),
  rhs: z.unknown().optional(),
});

/** One saved version; `differences` compare it with the version before it in its collection. */
export const PromoRuleVersion = z.object({
  id: z.number().int(),
  collection: promoCollectionSchema,
  name: z.string(),
  action: z.string(),
  rule: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  timestamps: z.record(z.string(), seconds),
  publishToProd: z.union([seconds, z.object({})]),
  savedBy: z.string(),
  savedAt: z.string(),
  /** Id of the version this one is compared with (null: the first in its collection). */
  previousId: z.number().int().nullable(),
  differences: z.array(DifferenceSchema),
});
export type PromoRuleVersion = z.infer<typeof PromoRuleVersion>;

export const RuleHistoryAnswer = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), versions: z.array(PromoRuleVersion) }),
});
export type RuleHistoryAnswer = z.infer<typeof RuleHistoryAnswer>;

export const RestoreVersionRequest = z.object({ versionId: z.number().int().positive() });
export type RestoreVersionRequest = z.infer<typeof RestoreVersionRequest>;

/** What a version compares: the rule and the stored fields beside it. */
export type VersionContent = Pick<PromoRuleVersion, 'rule' | 'tags' | 'timestamps' | 'publishToProd'>;
const content = (v: VersionContent) => ({
  rule: v.rule,
  tags: v.tags,
  timestamps: v.timestamps,
  publishToProd: v.publishToProd,
});

/**
 * Newest first, each version with its differences from the previous version of the same
 * collection (the first version of a collection is compared with nothing: everything is new).
 */
export function withDifferences<T extends VersionContent & { id: number; collection: string }>(
  versions: readonly T[],
): (T & { previousId: number | null; differences: Difference[] })[] {
  const oldestFirst = [...versions].sort((a, b) => a.id - b.id);
  const last = new Map<string, T>();
  const out = oldestFirst.map((v) => {
    const previous = last.get(v.collection);
    last.set(v.collection, v);
    return {
      ...v,
      previousId: previous?.id ?? null,
      differences: diff(previous ? content(previous) : {}, content(v)),
    };
  });
  return out.reverse();
}
