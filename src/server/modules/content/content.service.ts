import { type ContentEntry, pickEntries } from '@domain/checkout';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { contentEntries } from '../../db/schema';
import type { AppContext } from '../../platform/context';

// Content entries (spec 3 §7; DESIGN §2): cached per request shape for a short while (only a
// cache: every process reads the same table), a missing locale falls back to en-US.

const TTL_MS = 5000;
const cache = new WeakMap<object, Map<string, { at: number; value: Promise<ContentEntry[]> }>>();

interface ContentRequest {
  type?: string | undefined;
  url?: string | undefined;
  locale: string;
  drafts: boolean;
  limit: number;
  /** Spec 3 §6: entries limited to user types are answered only to a reader of one of them. */
  userType?: number | undefined;
}

interface Row {
  id: string;
  type: string;
  url: string | null;
  locale: string;
  drafts: boolean;
  title: string;
  fields: Record<string, unknown>;
}

async function load(ctx: AppContext, q: ContentRequest) {
  const found: Row[] = await ctx.db
    .select({
      id: contentEntries.id,
      type: contentEntries.type,
      url: contentEntries.url,
      locale: contentEntries.locale,
      drafts: contentEntries.drafts,
      title: contentEntries.title,
      fields: contentEntries.fields,
    })
    .from(contentEntries)
    .where(
      and(
        q.type ? eq(contentEntries.type, q.type) : eq(contentEntries.url, q.url!),
        inArray(contentEntries.locale, [q.locale, 'en-US']),
        or(isNull(contentEntries.visibleFrom), lte(contentEntries.visibleFrom, sql`current_date`)),
        or(isNull(contentEntries.visibleTo), gte(contentEntries.visibleTo, sql`current_date`)),
        or(
          isNull(contentEntries.userTypes),
          sql`cardinality(${contentEntries.userTypes}) = 0`,
          q.userType === undefined
            ? undefined
            : sql`${q.userType}::smallint = any(${contentEntries.userTypes})`,
        ),
      ),
    )
    .orderBy(asc(contentEntries.id))
    .limit(q.limit * 2);
  // One entry per key: the cart message code, or the page's url and title.
  const keyed = found.map((r) => ({
    ...r,
    key: String(r.fields.key ?? r.fields.code ?? `${r.type}:${r.url ?? ''}:${r.title}`),
  }));
  const pageKeyed = keyed.map((r) => (r.type === 'page' ? { ...r, key: `page:${r.url}` } : r));
  return pickEntries(pageKeyed, q.locale, q.drafts)
    .slice(0, q.limit)
    .map(({ key: _k, ...e }) => e);
}

export function content(ctx: AppContext, q: ContentRequest): Promise<ContentEntry[]> {
  let byDb = cache.get(ctx.db);
  if (!byDb) {
    byDb = new Map();
    cache.set(ctx.db, byDb);
  }
  const key = JSON.stringify([q.type, q.url, q.locale, q.drafts, q.limit, q.userType]);
  const hit = byDb.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load(ctx, q).catch((err: unknown) => {
    // Spec 3 §8 content failure: logged (the rate limit may have been exceeded) and nothing answered.
    byDb.delete(key);
    ctx.log.warn({ err, query: q }, CONTENT_FAILURE.rateLimit);
    ctx.log.warn(CONTENT_FAILURE.update);
    return [];
  });
  byDb.set(key, { at: Date.now(), value });
  return value;
}

/** The spec's content-failure log lines (spec 3 §8). */
export const CONTENT_FAILURE = {
  rateLimit: 'Content request failed: the rate limit may have been exceeded',
  update: 'App failed to update content',
} as const;

/**
 * The content page of a browser path (spec 3 §2: resolved by the current browser path, falling
 * back to '/'): the page entry at that url, else the one at '/', else none.
 */
export async function contentPage(
  ctx: AppContext,
  q: { path: string; locale: string; drafts: boolean; userType?: number | undefined },
): Promise<{ path: string; page: ContentEntry | null }> {
  const path = normalizedPath(q.path);
  const at = async (url: string) =>
    (await content(ctx, { url, locale: q.locale, drafts: q.drafts, limit: 1000, userType: q.userType })).find(
      (e) => e.type === 'page',
    );
  const exact = await at(path);
  if (exact) return { path, page: exact };
  return { path: '/', page: path === '/' ? null : ((await at('/')) ?? null) };
}

/** A browser path as page urls are stored: no query or hash, one leading slash, no trailing one. */
export function normalizedPath(path: string): string {
  const bare = path.split(/[?#]/)[0]!.trim();
  const trimmed = `/${bare.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return trimmed === '' ? '/' : trimmed;
}
