import { z } from 'zod';
import {
  AGGREGATE_CATEGORY_IDS,
  PRODUCT_DEFAULT_MAX_QUANTITY,
  SINGLE_QUANTITY_SKUS,
  UNLIMITED_QUANTITY_THRESHOLD,
} from '../reference/constants';
import { LOCALES, type LocaleCode, SORT_OPTIONS } from '../reference/lists';

// The portal catalog (spec 3 §3 product catalog item, §4 Catalog; spec 2 §2 product search,
// categories): visibility flags, the "new" window, maxQuantity rules, special price → compare-at.

const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];

/** Products are visible only with flag web, enrollment or counterbase. */
export const VISIBILITY_FLAGS = ['web', 'enrollment', 'counterbase'] as const;
export const isVisible = (flags: readonly string[]) =>
  flags.some((f) => (VISIBILITY_FLAGS as readonly string[]).includes(f));

/** "New" within its date window (ISO dates, inclusive). */
export const isNew = (newFrom: string | null, newTo: string | null, today: string) =>
  newFrom !== null && newFrom <= today && (newTo === null || today <= newTo);

/** Gift or bundle SKUs are forced to 1; 10 or more is unlimited (null). */
export function maxQuantityOf(p: {
  sku: string;
  maxQuantity: number | null;
  isGift: boolean;
  isBundle: boolean;
}) {
  if (p.isGift || p.isBundle || (SINGLE_QUANTITY_SKUS as readonly string[]).includes(p.sku)) return 1;
  const max = p.maxQuantity ?? PRODUCT_DEFAULT_MAX_QUANTITY;
  return max >= UNLIMITED_QUANTITY_THRESHOLD ? null : max;
}

export const isAggregateCategory = (id: number) => (AGGREGATE_CATEGORY_IDS as readonly number[]).includes(id);

export const CatalogQuery = z.object({
  localeCode: z.enum(LOCALE_CODES, 'Not a locale (en-US, en-CA or fr-CA)').default('en-US'),
  q: z.string().trim().max(80).default(''),
  categoryId: z.coerce.number().int().min(1).optional(),
  sort: z
    .enum(SORT_OPTIONS, 'Sort by recommended, price ascending or price descending')
    .default('recommended'),
  /** Enrollment orders also see enrollment-only products. */
  enrollment: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  /** The shopper's user type (1–7): prices are then the ones that shopper pays (ADR 023). */
  userType: z.coerce.number('User type is a number from 1 to 7').int().min(1).max(7).optional(),
});
export type CatalogQuery = z.input<typeof CatalogQuery>;

export const CatalogItem = z.object({
  productId: z.number().int(),
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  swatchLabel: z.string().nullable(),
  /**
   * Cents: the lowest price the shopper may pay (ADR 023): the special price when it is below the
   * regular price, or, with the search's user type, a lower member or wholesale price.
   */
  price: z.number().int(),
  /** Cents: the regular price, shown struck through whenever `price` is below it. */
  compareAtPrice: z.number().int().nullable(),
  inStock: z.boolean(),
  /** null: unlimited. */
  maxQuantity: z.number().int().nullable(),
  isNew: z.boolean(),
  flags: z.array(z.string()),
  categoryIds: z.array(z.number().int()),
  variants: z.array(z.object({ sku: z.string(), swatchLabel: z.string().nullable(), inStock: z.boolean() })),
});
export type CatalogItem = z.infer<typeof CatalogItem>;

export const CatalogAnswer = z.object({
  success: z.literal(true),
  data: z.array(CatalogItem),
  total: z.number().int(),
});

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  /** Aggregate roots (10999 new products, 1) gather products of other categories. */
  aggregate: z.boolean(),
});
export const CategoriesAnswer = z.object({ success: z.literal(true), data: z.array(Category) });
