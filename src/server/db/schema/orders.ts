import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, updatedAt, utc, volume } from './columns';

export interface OrderAddress {
  firstName: string;
  lastName: string;
  companyName?: string | null;
  address: string;
  address2?: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  countryId: number;
  telephone?: string | null;
}

export interface Cancellation {
  ticket?: string | null;
  reason: string;
  adminUid: string;
  adminName?: string | null;
  comment?: string | null;
  date: string;
}

/**
 * Orders (spec 2 §3). `collection` says which store the order lives in: `invoices` once captured
 * (Completed), `orders` while unprocessed (Pending, e.g. pending terms), `ship-to-socials` while it
 * waits for its pop-up. `orderId` is the number staff read (shown as F… or X… for consultant
 * orders); `phoenixOrderId` is the 9-digit downstream number, null until exported (shown N/A).
 * Money in cents: prePromoSubtotal − discount = subtotal; subtotal + shipping + tax − appliedCredit
 * = grandTotal (spec 2 §5; tax includes shippingTax).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    phoenixOrderId: bigint('phoenix_order_id', { mode: 'number' }),
    collection: text('collection').$type<'invoices' | 'orders' | 'ship-to-socials'>().notNull(),
    state: smallint('state').notNull(),
    printed: boolean('printed').notNull().default(false),
    orderType: smallint('order_type').notNull(),
    channel: smallint('channel').notNull(),
    customerUid: text('customer_uid')
      .notNull()
      .references(() => accounts.uid),
    customerUserType: smallint('customer_user_type').notNull(),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhoenixId: bigint('customer_phoenix_id', { mode: 'number' }),
    sponsorId: bigint('sponsor_id', { mode: 'number' }).notNull().default(1),
    consultantName: text('consultant_name'),
    byConsultant: boolean('by_consultant').notNull().default(false),
    socialId: integer('social_id'),
    countryId: smallint('country_id').notNull(),
    currency: text('currency').notNull(),
    localeCode: text('locale_code').notNull().default('en-US'),
    shippingMethodId: smallint('shipping_method_id'),
    shippingCarrierId: smallint('shipping_carrier_id'),
    trackingNumber: text('tracking_number'),
    narvarTrackingUrl: text('narvar_tracking_url'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    subtotalCents: integer('subtotal_cents').notNull(),
    prePromoSubtotalCents: integer('pre_promo_subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    appliedCreditCents: integer('applied_credit_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull(),
    cv: volume('cv'),
    pv: volume('pv'),
    qv: volume('qv'),
    paymentState: text('payment_state').notNull().default('pending'),
    squareV2: boolean('square_v2').notNull().default(false),
    newOrderFlow: boolean('new_order_flow').notNull().default(true),
    isMembership: boolean('is_membership').notNull().default(false),
    isRenewal: boolean('is_renewal').notNull().default(false),
    hostOrder: boolean('host_order').notNull().default(false),
    isFraud: boolean('is_fraud').notNull().default(false),
    dhlHoldStatus: text('dhl_hold_status'),
    giftMessage: text('gift_message'),
    /** The order context's Sift session id, kept only while it was live (30 minutes, DESIGN §5). */
    siftSessionId: text('sift_session_id'),
    appliedPromos: jsonb('applied_promos')
      .$type<{ name: string; amountCents: number }[]>()
      .notNull()
      .default([]),
    cancellation: jsonb('cancellation').$type<Cancellation>(),
    dateCreatedUtc: utc('date_created_utc').notNull().defaultNow(),
    dateCapturedUtc: utc('date_captured_utc'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_id_key').on(t.orderId),
    uniqueIndex('orders_phoenix_order_id_key').on(t.phoenixOrderId),
    index('orders_customer_idx').on(t.customerUid, t.dateCreatedUtc),
    index('orders_created_idx').on(t.dateCreatedUtc),
    index('orders_state_created_idx').on(t.state, t.dateCreatedUtc),
    // Order search (modules/order-search): a name is matched from its start, an index range;
    // each row's date and id follow so a page is read newest first without a sort.
    index('orders_search_last_idx').on(
      sql`(lower(${t.customerLastName}) collate "C")`,
      t.dateCreatedUtc,
      t.id,
    ),
    index('orders_search_first_idx').on(
      sql`(lower(${t.customerFirstName}) collate "C")`,
      t.dateCreatedUtc,
      t.id,
    ),
    index('orders_search_type_idx').on(t.orderType, t.dateCreatedUtc, t.id),
    // Order search sorted by total (either direction), read from the index without a sort.
    index('orders_search_total_idx').on(t.grandTotalCents, t.dateCreatedUtc, t.id),
    index('orders_email_idx').on(sql`lower(${t.customerEmail})`),
    index('orders_customer_phoenix_idx').on(t.customerPhoenixId),
    index('orders_social_idx').on(t.socialId),
    index('orders_sponsor_idx').on(t.sponsorId),
    // Captured orders not yet downstream: what the export sweep looks for (small, partial).
    index('orders_export_sweep_idx')
      .on(t.dateCapturedUtc)
      .where(sql`collection = 'invoices' and phoenix_order_id is null and date_captured_utc is not null`),
    // Orders waiting for their popup to close: what the popup-close pass looks for (small, partial).
    index('orders_ship_to_social_idx').on(t.socialId).where(sql`collection = 'ship-to-socials'`),
    // Reconciliation's captured-total check reads these from the index alone, merged in id order with
    // the payments' index, rather than hashing 5,000,000 orders (ADR 025).
    index('orders_paid_totals_idx').on(t.id, t.paymentState, t.grandTotalCents, t.appliedCreditCents),
  ],
);

/** Order lines with their prices (cents) and volumes at the time of the order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * The unit list (retail) price when the price charged differs from it, and why (member,
     * wholesale, override, free): the line shows the step (ADR 024). Null: no step, or not known.
     */
    listPriceCents: integer('list_price_cents'),
    priceStep: text('price_step').$type<'member' | 'wholesale' | 'override' | 'free'>(),
    adjustedPriceCents: integer('adjusted_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    isPromo: boolean('is_promo').notNull().default(false),
    isSample: boolean('is_sample').notNull().default(false),
    isHostReward: boolean('is_host_reward').notNull().default(false),
    subscription: boolean('subscription').notNull().default(false),
    selectedVariant: text('selected_variant'),
    discounts: jsonb('discounts').$type<{ promo: string; amountCents: number }[]>().notNull().default([]),
    cv: volume('cv'),
    pv: volume('pv'),
    qv: volume('qv'),
    nv: volume('nv'),
    sv: volume('sv'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_sku_idx').on(t.sku)],
);

export const orderShipments = pgTable(
  'order_shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrierId: smallint('carrier_id').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    shippedAt: utc('shipped_at').notNull(),
    packages: jsonb('packages').$type<{ sku: string; quantity: number }[]>().notNull().default([]),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId)],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    date: utc('date').notNull().defaultNow(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.date)],
);

export const fraudDecisions = pgTable(
  'fraud_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    isFraud: boolean('is_fraud').notNull(),
    analystEmail: text('analyst_email').notNull(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fraud_decisions_order_idx').on(t.orderId)],
);
