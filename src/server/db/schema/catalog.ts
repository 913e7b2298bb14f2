import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, volume } from './columns';

/**
 * Catalog products. A variant (shade, size) is a product row of its own with `parentSku` set;
 * flags decide where the product is visible (web, enrollment, counterbase — spec 3 §4 Catalog).
 */
export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    productId: integer('product_id').notNull(),
    parentSku: text('parent_sku'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    swatchLabel: text('swatch_label'),
    image: text('image'),
    categoryIds: integer('category_ids').array().notNull().default([]),
    flags: text('flags').array().notNull().default([]),
    maxQuantity: smallint('max_quantity').notNull().default(10),
    isGift: boolean('is_gift').notNull().default(false),
    isBundle: boolean('is_bundle').notNull().default(false),
    isSample: boolean('is_sample').notNull().default(false),
    subscriptionEligible: boolean('subscription_eligible').notNull().default(false),
    finalSale: boolean('final_sale').notNull().default(false),
    doNotShipAlone: boolean('do_not_ship_alone').notNull().default(false),
    newFrom: date('new_from', { mode: 'string' }),
    newTo: date('new_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_product_id_key').on(t.productId),
    index('products_parent_idx').on(t.parentSku),
  ],
);

/** Price and volumes of a product per country; money in cents. */
export const productPrices = pgTable(
  'product_prices',
  {
    sku: text('sku')
      .notNull()
      .references(() => products.sku, { onDelete: 'cascade' }),
    countryId: smallint('country_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    specialPriceCents: integer('special_price_cents'),
    memberPriceCents: integer('member_price_cents'),
    wholesalePriceCents: integer('wholesale_price_cents'),
    inStock: boolean('in_stock').notNull().default(true),
    cv: volume('cv'),
    pv: volume('pv'),
    qv: volume('qv'),
    nv: volume('nv'),
    sv: volume('sv'),
  },
  (t) => [primaryKey({ columns: [t.sku, t.countryId] })],
);

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  sort: smallint('sort').notNull().default(0),
});

/**
 * SKUs with special volume treatment (spec 2 §9): the full-volume SKU and two lists of eight.
 * Data, not code (DESIGN §5).
 */
export const specialVolumeSkus = pgTable(
  'special_volume_skus',
  {
    sku: text('sku').notNull(),
    list: text('list').$type<'fullVolume' | 'listA' | 'listB'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.list] })],
);

/** Shipping rates per country and method (editable; DESIGN §2). */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    countryId: smallint('country_id').notNull(),
    shippingMethodId: smallint('shipping_method_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    freeOverCents: integer('free_over_cents'),
    phoenixShippingMethodId: smallint('phoenix_shipping_method_id').notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.shippingMethodId] })],
);

/** Sales tax per state or province, in basis points (725 = 7.25%). */
export const taxRates = pgTable(
  'tax_rates',
  {
    countryId: smallint('country_id').notNull(),
    region: text('region').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    taxShipping: boolean('tax_shipping').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.region] })],
);

/** Content entries (cart message texts, pages) with the spec's drafts flag. */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    url: text('url'),
    locale: text('locale').notNull().default('en-US'),
    drafts: boolean('drafts').notNull().default(false),
    title: text('title').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    visibleFrom: date('visible_from', { mode: 'string' }),
    visibleTo: date('visible_to', { mode: 'string' }),
    userTypes: smallint('user_types').array(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('content_entries_type_idx').on(t.type, t.locale),
    index('content_entries_url_idx').on(t.url, t.locale),
  ],
);
