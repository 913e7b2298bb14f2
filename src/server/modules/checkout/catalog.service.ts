import {
  type CatalogItem,
  type CatalogQuery,
  isAggregateCategory,
  isNew,
  isVisible,
  maxQuantityOf,
} from '@domain/checkout';
import { priceTierOf, type ShelfPrices, shelfPriceFor } from '@domain/pricing';
import { SKU } from '@domain/reference';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { categories, productPrices, products } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type Db, rows } from '../../platform/db';
import { isFlagOn } from '../flags/flags.service';

// The portal catalog (spec 3 §4): visible products of a country with their variants, cached per
// country (DESIGN §1: only a cache). At most once a second a cheap stamp (count and latest change
// of products and prices) is compared with the cached one; a catalog change reloads it.

const CHECK_EVERY_MS = 1000;

interface CountryCatalog {
  stamp: string;
  /** Parent products (variants folded in), in the recommended order, with their prices to choose from. */
  items: (CatalogItem & { searchText: string; recommended: number; shelf: ShelfPrices })[];
  categories: { id: number; name: string; parentId: number | null; aggregate: boolean }[];
}

interface ProductRow {
  sku: string;
  product_id: number;
  parent_sku: string | null;
  title: string;
  description: string;
  image: string | null;
  swatch_label: string | null;
  category_ids: number[];
  flags: string[];
  max_quantity: number;
  is_gift: boolean;
  is_bundle: boolean;
  new_from: string | null;
  new_to: string | null;
  price_cents: number;
  special_price_cents: number | null;
  member_price_cents: number | null;
  wholesale_price_cents: number | null;
  in_stock: boolean;
}

async function stampOf(db: Db): Promise<string> {
  // Raw SQL: two scalar subqueries over different tables and no FROM; the builder has no select without one.
  const [r] = await rows<{ s: string }>(
    db,
    sql`select (select count(*) || '@' || coalesce(max(updated_at)::text, '') from products) || '/' ||
               (select count(*) || '@' || coalesce(sum(price_cents + coalesce(special_price_cents, 0) + coalesce(member_price_cents, 0)
                 + coalesce(wholesale_price_cents, 0) + in_stock::int), 0) from product_prices) as s`,
  );
  return r?.s ?? '';
}

async function load(db: Db, countryId: number, stamp: string, today: string): Promise<CountryCatalog> {
  const found: ProductRow[] = await db
    .select({
      sku: products.sku,
      product_id: products.productId,
      parent_sku: products.parentSku,
      title: products.title,
      description: products.description,
      image: products.image,
      swatch_label: products.swatchLabel,
      category_ids: products.categoryIds,
      flags: products.flags,
      max_quantity: products.maxQuantity,
      is_gift: products.isGift,
      is_bundle: products.isBundle,
      new_from: sql<string | null>`${products.newFrom}::text`,
      new_to: sql<string | null>`${products.newTo}::text`,
      price_cents: productPrices.priceCents,
      special_price_cents: productPrices.specialPriceCents,
      member_price_cents: productPrices.memberPriceCents,
      wholesale_price_cents: productPrices.wholesalePriceCents,
      in_stock: productPrices.inStock,
    })
    .from(products)
    .innerJoin(
      productPrices,
      and(eq(productPrices.sku, products.sku), eq(productPrices.countryId, countryId)),
    )
    .orderBy(products.productId);
  const variants = new Map<string, ProductRow[]>();
  for (const r of found)
    if (r.parent_sku) variants.set(r.parent_sku, [...(variants.get(r.parent_sku) ?? []), r]);
  const items: CountryCatalog['items'] = [];
  for (const r of found) {
    if (r.parent_sku || !isVisible(r.flags)) continue;
    const shelf: ShelfPrices = {
      priceCents: r.price_cents,
      specialPriceCents: r.special_price_cents,
      memberPriceCents: r.member_price_cents,
      wholesalePriceCents: r.wholesale_price_cents,
    };
    const own = variants.get(r.sku) ?? [];
    const fresh = isNew(r.new_from, r.new_to, today);
    items.push({
      productId: r.product_id,
      sku: r.sku,
      title: r.title,
      description: r.description,
      image: r.image,
      swatchLabel: r.swatch_label,
      // Retail until a search names the shopper's user type (ADR 023).
      ...shelfPriceFor(shelf, 'retail'),
      shelf,
      inStock: r.in_stock || own.some((v) => v.in_stock),
      maxQuantity: maxQuantityOf({
        sku: r.sku,
        maxQuantity: r.max_quantity,
        isGift: r.is_gift,
        isBundle: r.is_bundle,
      }),
      isNew: fresh,
      flags: r.flags,
      // New products (10999) gather the products inside their window.
      categoryIds: fresh ? [...new Set([...r.category_ids, Number(SKU.newProducts)])] : r.category_ids,
      variants: own.map((v) => ({ sku: v.sku, swatchLabel: v.swatch_label, inStock: v.in_stock })),
      searchText: [r.sku, r.title, r.swatch_label ?? '', ...own.flatMap((v) => [v.sku, v.swatch_label ?? ''])]
        .join(' ')
        .toLowerCase(),
      // Recommended: best sellers (category 24) first, then new, then the catalog's order.
      recommended:
        (r.category_ids.includes(Number(SKU.bestSellers)) ? 0 : 2) + (fresh ? 0 : 1) + r.product_id / 1e9,
    });
  }
  items.sort((a, b) => a.recommended - b.recommended);
  const cats = await db
    .select({ id: categories.id, name: categories.name, parent_id: categories.parentId })
    .from(categories)
    .orderBy(categories.sort, categories.id);
  return {
    stamp,
    items,
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      parentId: c.parent_id,
      aggregate: isAggregateCategory(c.id),
    })),
  };
}

/** The UTC date of an instant (the products' new-from/new-to window is compared with it). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Slot {
  checkedAt: number;
  value: Promise<CountryCatalog>;
}
const caches = new WeakMap<object, Map<number, Slot>>();

/** The country's catalog, reloaded when its stamp moves (checked at most once a second). */
export async function countryCatalog(ctx: AppContext, countryId: number): Promise<CountryCatalog> {
  // Spec 3 §4: flag catalogCache gates the caching; off, every read loads the catalog afresh.
  if (!(await isFlagOn(ctx.db, 'catalogCache'))) {
    caches.delete(ctx.db);
    return load(ctx.db, countryId, await stampOf(ctx.db), dayOf(ctx.clock.now()));
  }
  let byCountry = caches.get(ctx.db);
  if (!byCountry) {
    byCountry = new Map();
    caches.set(ctx.db, byCountry);
  }
  const slot = byCountry.get(countryId);
  const now = ctx.clock.now();
  if (slot && now - slot.checkedAt < CHECK_EVERY_MS) return slot.value;
  const stamp = await stampOf(ctx.db);
  if (slot) {
    const current = await slot.value.catch(() => null);
    if (current?.stamp === stamp) {
      slot.checkedAt = now;
      return current;
    }
  }
  const value = load(ctx.db, countryId, stamp, dayOf(now));
  byCountry.set(countryId, { checkedAt: now, value });
  value.catch(() => byCountry.delete(countryId));
  return value;
}

/** Forget the cached catalogs (after a catalog edit in this process). */
export const clearCatalogCache = (ctx: AppContext) => caches.delete(ctx.db);

type Query = z.output<typeof CatalogQuery>;

/**
 * Product search (spec 2 §2): text, category (aggregate roots gather all), sort options. With the
 * shopper's user type, each product shows the price that shopper pays (ADR 023), and sorts by it.
 */
export async function searchCatalog(ctx: AppContext, countryId: number, q: Query) {
  const catalog = await countryCatalog(ctx, countryId);
  const text = q.q.toLowerCase();
  const cat = q.categoryId;
  const tier = q.userType === undefined ? 'retail' : priceTierOf(q.userType);
  let hits = catalog.items.filter(
    (i) =>
      (q.enrollment || !(i.flags.length === 1 && i.flags[0] === 'enrollment')) &&
      (text === '' || i.searchText.includes(text)) &&
      (cat === undefined || (cat === 1 ? true : i.categoryIds.includes(cat))),
  );
  if (tier !== 'retail') hits = hits.map((i) => ({ ...i, ...shelfPriceFor(i.shelf, tier) }));
  if (q.sort === 'price ascending')
    hits = [...hits].sort((a, b) => a.price - b.price || a.productId - b.productId);
  if (q.sort === 'price descending')
    hits = [...hits].sort((a, b) => b.price - a.price || a.productId - b.productId);
  return {
    total: hits.length,
    data: hits.slice(0, q.limit).map(({ searchText: _s, recommended: _r, shelf: _p, ...item }) => item),
  };
}
