import { z } from 'zod';
import { LOCALES, type LocaleCode } from '../reference/lists';

// Content entries (spec 3 §7 content service; DESIGN §2): requested by type or page url, with the
// locale and the drafts flag; a missing entry falls back to en-US, never to a blank.

const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];

export const ContentQuery = z
  .object({
    type: z.string().trim().min(1).max(40).optional(),
    url: z.string().trim().min(1).max(200).optional(),
    locale: z.enum(LOCALE_CODES, 'Not a locale (en-US, en-CA or fr-CA)').default('en-US'),
    drafts: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * The reader's user type (spec 3 §6: content visibility by user type): entries limited to other
     * types are left out. Without it, only entries for every type are answered.
     */
    userType: z.coerce.number().int().min(1).max(99).optional(),
    include: z.coerce.number().int().min(0).max(10).default(8),
    limit: z.coerce.number().int().min(1).max(1000).default(1000),
  })
  .refine((q) => q.type !== undefined || q.url !== undefined, { message: 'Ask by type or by page url' });

export const ContentEntry = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  locale: z.string(),
  /** true when the entry is the en-US fallback for a locale that has none. */
  fallback: z.boolean(),
  drafts: z.boolean(),
  title: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type ContentEntry = z.infer<typeof ContentEntry>;
export const ContentAnswer = z.object({ success: z.literal(true), data: z.array(ContentEntry) });

/** A content page by browser path (spec 3 §2): the path's page, else the one at '/'. */
export const ContentPageQuery = z.object({
  path: z.string().trim().min(1).max(200).default('/'),
  userType: z.coerce.number().int().min(1).max(99).optional(),
  locale: z.enum(LOCALE_CODES, 'Not a locale (en-US, en-CA or fr-CA)').default('en-US'),
  drafts: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const ContentPageAnswer = z.object({
  success: z.literal(true),
  data: z.object({ path: z.string(), page: ContentEntry.nullable() }),
});

/**
 * Picks, per entry key, the locale's entry, else the en-US one; drafts replace published entries
 * only when drafts are asked for.
 */
export function pickEntries<T extends { key: string; locale: string; drafts: boolean }>(
  entries: readonly T[],
  locale: string,
  drafts: boolean,
): (T & { fallback: boolean })[] {
  const rank = (e: T) => (e.locale === locale ? 0 : 2) + (drafts && e.drafts ? 0 : 1);
  const best = new Map<string, T>();
  for (const e of entries) {
    if (e.drafts && !drafts) continue;
    if (e.locale !== locale && e.locale !== 'en-US') continue;
    const seen = best.get(e.key);
    if (!seen || rank(e) < rank(seen)) best.set(e.key, e);
  }
  return [...best.values()].map((e) => ({ ...e, fallback: e.locale !== locale }));
}
