import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';

/**
 * Carts (spec 2 §3): saved by cartId, one instance per locale in `cart_instances` (the spec's
 * cartInstances; activeLocale picks one). Each instance holds its own products, unpromofiedItems,
 * promoItems, promoTags, removedPromoItems, hostRewardItems, overrides, giftSelections and
 * currency (shape: CartInstanceState in src/domain/carts), so a locale switch switches the whole cart.
 */
export const carts = pgTable(
  'carts',
  {
    cartId: text('cart_id').primaryKey(),
    uid: text('uid'),
    cid: text('cid'),
    userEmail: text('user_email'),
    activeLocale: text('active_locale').notNull().default('en-US'),
    cartInstances: jsonb('cart_instances').$type<Record<string, unknown>>().notNull().default({}),
    customer: jsonb('customer').$type<Record<string, unknown>>(),
    socialId: integer('social_id'),
    canceled: boolean('canceled').notNull().default(false),
    /** Currency of the active instance (spec 2 §3: name and format, default USD with format $0). */
    currency: jsonb('currency')
      .$type<{ name: string; format: string }>()
      .notNull()
      .default({ name: 'USD', format: '$0' }),
    /**
     * Optimistic concurrency: every write sets version = version + 1 where version is the one read,
     * so two staff editing the same cart never lose an update (a stale write is retried).
     */
    version: integer('version').notNull().default(1),
    /** Staff member who last changed the cart (null for storefront saves). */
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    lastSaved: utc('last_saved').notNull().defaultNow(),
  },
  (t) => [
    index('carts_uid_idx').on(t.uid, t.canceled),
    index('carts_cid_idx').on(t.cid, t.canceled),
    index('carts_social_idx').on(t.socialId),
    index('carts_last_saved_idx').on(t.lastSaved),
  ],
);
