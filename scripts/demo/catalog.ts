import type { categories, productPrices, products, specialVolumeSkus } from '@server/db/schema';
import { CATEGORIES, VARIANT_OPTIONS } from './catalog-data';
import { type Draft, descriptionOf, drafts, type ItemGroup, SPECIAL } from './catalog-drafts';
import { Rng, STREAM } from './rng';
import { addDays, type Clock, isoDate } from './time';

// Builds the catalog (about 200 products, their shades and sizes as child rows) and keeps the
// sellable items in memory: orders and carts are priced from them.

export type ProductRow = typeof products.$inferInsert;
export type PriceRow = typeof productPrices.$inferInsert;

export interface Volumes {
  cv: number;
  pv: number;
  qv: number;
  nv: number;
  sv: number;
}
export interface MarketPrice extends Volumes {
  priceCents: number;
  memberPriceCents: number;
  wholesalePriceCents: number;
}
export type { ItemGroup };
export interface CatalogItem {
  sku: string;
  title: string;
  swatchLabel: string | null;
  group: ItemGroup;
  subscription: boolean;
  inStock: boolean;
  /** Index 1 United States, 2 Canada. */
  prices: { 1: MarketPrice; 2: MarketPrice };
}

export interface Catalog {
  products: ProductRow[];
  prices: PriceRow[];
  categories: (typeof categories.$inferInsert)[];
  specialVolume: (typeof specialVolumeSkus.$inferInsert)[];
  bySku: Map<string, CatalogItem>;
  /** What customers usually buy (no kits, gifts, samples or supplies). */
  everyday: CatalogItem[];
  bestSellers: CatalogItem[];
  hostRewards: CatalogItem[];
  supplies: CatalogItem[];
  promoSkus: { skincare: string[]; makeup: string[]; bundles: string[]; samples: string[]; gifts: string[] };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function marketPrice(
  usCents: number,
  countryId: 1 | 2,
  volumes: 'normal' | 'none' | 'noQualifying',
): MarketPrice {
  // Canadian prices follow the exchange rate and end on a whole dollar.
  const priceCents = countryId === 1 ? usCents : Math.ceil((usCents * 1.3) / 100) * 100;
  const wholesaleUs = Math.round(usCents * 0.75);
  const points = (n: number) => (volumes === 'none' ? 0 : round2(n / 100));
  // Commission volumes are kept in the US scale in both markets.
  return {
    priceCents,
    memberPriceCents: Math.round(priceCents * 0.9),
    wholesalePriceCents: Math.round(priceCents * 0.75),
    cv: volumes === 'normal' ? points(wholesaleUs * 0.9) : 0,
    pv: volumes === 'normal' ? points(wholesaleUs) : 0,
    qv: volumes === 'normal' ? points(wholesaleUs) : 0,
    nv: points(usCents * 0.9),
    sv: points(usCents),
  };
}

function marketPrices(usCents: number, volumes: NonNullable<Draft['volumes']>): CatalogItem['prices'] {
  return { 1: marketPrice(usCents, 1, volumes), 2: marketPrice(usCents, 2, volumes) };
}

function pushPrices(
  catalog: Catalog,
  rng: Rng,
  sku: string,
  prices: CatalogItem['prices'],
  inStock: boolean,
  onSale: boolean,
) {
  const special = onSale && rng.chance(0.3);
  for (const countryId of [1, 2] as const) {
    const p = prices[countryId];
    catalog.prices.push({
      sku,
      countryId,
      inStock,
      ...p,
      specialPriceCents: special ? Math.round(p.priceCents * 0.85) : null,
    });
  }
}

export function buildCatalog(seed: number, clock: Clock): Catalog {
  const rng = new Rng(seed, STREAM.catalog);
  const catalog: Catalog = {
    products: [],
    prices: [],
    categories: CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, parentId: c.parentId, sort: i })),
    specialVolume: [],
    bySku: new Map(),
    everyday: [],
    bestSellers: [],
    hostRewards: [],
    supplies: [],
    promoSkus: { skincare: [], makeup: [], bundles: [], samples: [], gifts: [] },
  };
  const all = [...drafts(rng), ...SPECIAL];
  let productId = 1100;
  for (const d of all) {
    productId += 1;
    const sku = d.sku ?? String(productId);
    const discontinued = !d.sku && d.group !== 'samples' && rng.chance(0.03);
    const bestSeller = ['skincare', 'makeup', 'sets'].includes(d.group) && rng.chance(0.12);
    const isNew = d.isNew === true || (!d.sku && rng.chance(0.05));
    const categoryIds = [
      ...d.categoryIds,
      ...(bestSeller ? [24] : []),
      ...(isNew && !d.categoryIds.includes(10999) ? [10999] : []),
    ];
    if (['host', 'sets'].includes(d.group) || (d.group === 'body' && rng.chance(0.1))) categoryIds.push(107);
    const row: ProductRow = {
      sku,
      productId: d.sku ? Number(d.sku) : productId,
      parentSku: null,
      title: d.title,
      description: descriptionOf(d),
      categoryIds: [...new Set(categoryIds)],
      flags: discontinued ? [] : (d.flags ?? ['web', 'counterbase']),
      maxQuantity: d.maxQuantity ?? 10,
      isGift: d.isGift ?? false,
      isBundle: d.isBundle ?? false,
      isSample: d.isSample ?? false,
      subscriptionEligible: d.subscription ?? false,
      finalSale: d.finalSale ?? false,
      doNotShipAlone: d.doNotShipAlone ?? false,
      newFrom: isNew ? isoDate(addDays(clock.today, -rng.int(5, 40))) : null,
      newTo: isNew ? isoDate(addDays(clock.today, rng.int(20, 60))) : null,
      createdAt: addDays(clock.today, -rng.int(60, 2500)),
      updatedAt: addDays(clock.today, -rng.int(0, 59)),
    };
    catalog.products.push(row);
    // A parent with shades or sizes carries the base price the listing shows.
    if (d.variants)
      pushPrices(catalog, rng, sku, marketPrices(d.usCents, d.volumes ?? 'normal'), true, bestSeller);
    const options = d.variants ? VARIANT_OPTIONS[d.variants] : [null];
    options.forEach((option, i) => {
      const sizeFactor = d.variants === 'size' ? ([0.45, 1, 1.7][i] ?? 1) : 1;
      const usCents = Math.round((d.usCents * sizeFactor) / 100) * 100;
      let itemSku = sku;
      if (option !== null) {
        itemSku = `${row.productId}${String(i + 1).padStart(2, '0')}`;
        catalog.products.push({
          ...row,
          sku: itemSku,
          productId: Number(itemSku),
          parentSku: sku,
          swatchLabel: option,
          title: `${d.title} - ${option}`,
        });
      }
      addItem(catalog, rng, {
        sku: itemSku,
        title: d.title,
        swatchLabel: option,
        group: d.group,
        subscription: row.subscriptionEligible ?? false,
        usCents,
        volumes: d.volumes ?? 'normal',
        discontinued,
        bestSeller,
      });
    });
  }
  fillSpecialVolume(catalog);
  return catalog;
}

function addItem(
  catalog: Catalog,
  rng: Rng,
  d: Omit<CatalogItem, 'prices' | 'inStock'> & {
    usCents: number;
    volumes: Draft['volumes'] & string;
    discontinued: boolean;
    bestSeller: boolean;
  },
): void {
  const inStock = d.group === 'special' || !rng.chance(0.04);
  const item: CatalogItem = {
    sku: d.sku,
    title: d.title,
    swatchLabel: d.swatchLabel,
    group: d.group,
    subscription: d.subscription,
    inStock,
    prices: marketPrices(d.usCents, d.volumes),
  };
  catalog.bySku.set(item.sku, item);
  pushPrices(catalog, rng, item.sku, item.prices, inStock, d.bestSeller);
  if (d.discontinued) return;
  if (['skincare', 'makeup', 'body', 'sets'].includes(d.group)) catalog.everyday.push(item);
  if (d.bestSeller) catalog.bestSellers.push(item);
  if (d.group === 'host') catalog.hostRewards.push(item);
  if (d.group === 'supplies') catalog.supplies.push(item);
  const groups = catalog.promoSkus;
  if (d.group === 'skincare') groups.skincare.push(item.sku);
  if (d.group === 'makeup') groups.makeup.push(item.sku);
  if (d.group === 'sets') groups.bundles.push(item.sku);
  if (d.group === 'samples') groups.samples.push(item.sku);
  if (d.group === 'gift' || d.group === 'host') groups.gifts.push(item.sku);
}

/** One full-volume SKU and two lists of eight (spec 2 §9; DESIGN §5: data, not code). */
function fillSpecialVolume(catalog: Catalog): void {
  const sets = catalog.products.filter((p) => p.isBundle && !p.parentSku && p.productId < 9000);
  const fullVolume = sets[0];
  if (fullVolume) catalog.specialVolume.push({ sku: fullVolume.sku, list: 'fullVolume' });
  for (const item of catalog.supplies.slice(0, 8))
    catalog.specialVolume.push({ sku: item.sku, list: 'listA' });
  const listB = [...sets.slice(1), ...catalog.hostRewards].slice(0, 8);
  for (const p of listB) catalog.specialVolume.push({ sku: p.sku, list: 'listB' });
}
