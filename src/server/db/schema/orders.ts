import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc, volume } from './columns';
import { accounts } from './customers';

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

/** Tokenised cards of the built-in payment gateway (brand and last 4 only). */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: text('id').primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    countryId: smallint('country_id').notNull(),
    cardholderName: text('cardholder_name'),
    /** Built-in gateway test behaviour of the card it was tokenised from (null: a normal card). */
    simulate: text('simulate'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_account_idx').on(t.accountUid)],
);

/** Payments of an order (split payments across cards and product credit). */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').$type<'card' | 'productCredit' | 'alternative'>().notNull(),
    cardId: text('card_id'),
    brand: text('brand'),
    accountNumber: text('account_number'),
    tenderId: text('tender_id'),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    state: text('state').notNull().default('captured'),
    createdAt: createdAt(),
  },
  (t) => [
    // The order's payments; with the amounts in the key, reconciliation sums every order's captured
    // payments from the index alone, in order id order (ADR 025).
    index('order_payments_order_idx').on(t.orderId, t.state, t.method, t.amountCents),
    uniqueIndex('order_payments_tx_key').on(t.transactionId),
  ],
);

/** Gateway ledger: every charge, capture and refund with its idempotency key. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id'),
    cardId: text('card_id'),
    kind: text('kind').$type<'authorize' | 'capture' | 'charge' | 'refund' | 'void'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    parentTransactionId: text('parent_transaction_id'),
    status: text('status').$type<'succeeded' | 'failed' | 'pending'>().notNull(),
    error: text('error'),
    /** Error code of a failed attempt (card_declined, refund_failed, …). */
    errorCode: text('error_code'),
    /** SHA-256 of the request the key was first used with: the same key with another request is refused. */
    requestHash: text('request_hash'),
    /** Attempts under this key: a failed attempt may be retried with the same key, updating this row. */
    attempts: integer('attempts').notNull().default(1),
    /** Test behaviour carried from the card (charges) to later refunds of the transaction. */
    simulate: text('simulate'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at'),
  },
  (t) => [
    uniqueIndex('payment_transactions_idempotency_key').on(t.idempotencyKey),
    index('payment_transactions_order_idx').on(t.orderId),
    index('payment_transactions_parent_idx').on(t.parentTransactionId),
  ],
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

export interface RefundCard {
  accountNumber: string | null;
  transactionId: string;
  refundAmount: number;
  tenderId: string | null;
  idempotencyKey: string;
  brand?: string | null;
  /** The card leg's state (absent on records from before per-leg states: the refund's status). */
  status?: 'succeeded' | 'failed' | 'pending';
  /** The gateway's refund transaction of this leg. */
  refundTransactionId?: string | null;
  error?: string | null;
  method?: 'card' | 'alternative';
}
export interface ReturnItem {
  sku: string;
  quantity: number;
  adjustedPrice: number;
}

/** Refund records per order (spec 2 §3). Amounts in cents. */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    timestamp: utc('timestamp').notNull().defaultNow(),
    amountCents: integer('amount_cents').notNull(),
    pcAmountCents: integer('pc_amount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    shippingTotalCents: integer('shipping_total_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    currency: text('currency').notNull(),
    returnItems: jsonb('return_items').$type<ReturnItem[]>().notNull().default([]),
    cards: jsonb('cards').$type<RefundCard[]>().notNull().default([]),
    adminUid: text('admin_uid').notNull(),
    clawback: jsonb('clawback').$type<Record<string, unknown>>(),
    newRefundFlow: boolean('new_refund_flow').notNull().default(true),
    phoenixResponse: jsonb('phoenix_response').$type<Record<string, unknown>>(),
    status: text('status').$type<'processed' | 'failed' | 'pending'>().notNull().default('processed'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Staff member's name when the refund was made (the list shows who). */
    adminName: text('admin_name'),
    /** Card-leg retries made (POST /cs/retryRefund). */
    retries: integer('retries').notNull().default(0),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.timestamp),
    index('refunds_timestamp_idx').on(t.timestamp),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    // Refunds still pending: what reconciliation looks for past their lease (small, partial; ADR 025).
    index('refunds_pending_idx').on(t.timestamp).where(sql`status = 'pending'`),
  ],
);

export const returns = pgTable(
  'returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    legacyOrderId: integer('legacy_order_id').notNull(),
    phoenixOrderId: bigint('phoenix_order_id', { mode: 'number' }),
    returnStatus: smallint('return_status').notNull(),
    items: jsonb('items').$type<{ sku: string; quantity: number }[]>().notNull().default([]),
    reason: text('reason'),
    /** The refund whose returned items opened this return (null for returns entered otherwise). */
    refundId: text('refund_id'),
    dateCreatedUtc: utc('date_created_utc').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_status_idx').on(t.returnStatus, t.dateCreatedUtc),
    index('returns_order_idx').on(t.orderId),
    index('returns_phoenix_idx').on(t.phoenixOrderId),
  ],
);

/**
 * Downstream (Phoenix) export queue: one row per order handed downstream (phoenix-insert). Workers
 * claim due `pending` rows with FOR UPDATE SKIP LOCKED; `failed` rows wait for staff to retry.
 */
export const downstreamExports = pgTable(
  'downstream_exports',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'exported' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: utc('next_attempt_at').notNull().defaultNow(),
    exportedAt: utc('exported_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('downstream_exports_status_idx').on(t.status),
    index('downstream_exports_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/**
 * Phoenix order ids handed out by the export (9 digits). A sequence never gives a number twice, even
 * to concurrent workers or after a rollback; numbers already taken (loaded or imported orders) are
 * skipped by the export.
 */
export const phoenixOrderIdSeq = pgSequence('phoenix_order_id_seq', {
  startWith: 100000000,
  minValue: 100000000,
  maxValue: 999999999,
  increment: 1,
  cache: 1,
});

/** Downstream export failures (phoenix-order-failures): the Failed orders screen. */
/**
 * A card authorization whose capture failed after its order was written (ADR 015). The capture
 * worker retries it under its original gateway key with back-off, a bounded number of times; the
 * order is queued for the downstream export only once captured. `failed` waits for staff (a retry
 * from the Failed orders screen puts it back to `pending`).
 */
export const captureRetries = pgTable(
  'capture_retries',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status')
      .$type<'pending' | 'captured' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: utc('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('capture_retries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`)],
);

export const failedOrders = pgTable(
  'failed_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dateCreatedUtc: utc('date_created_utc'),
    errorCode: text('error_code'),
    errorMessage: text('error_message').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    resolvedAt: utc('resolved_at'),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    index('failed_orders_open_idx').on(t.resolvedAt, t.dateCreatedUtc),
    index('failed_orders_order_idx').on(t.orderId),
    // The Failed orders screen: open entries newest first, undated last.
    index('failed_orders_open_list_idx')
      .on(t.dateCreatedUtc.desc().nullsLast(), t.id.desc())
      .where(sql`resolved_at is null`),
  ],
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

/**
 * One row per checkout submission key (spec 2: a double submit creates one order). The purchase
 * claims the key before charging; a second submit with the same key answers the first order, or
 * 409 while the first is still in flight. A failed attempt frees the key for a corrected retry
 * (`attempts` makes each retry's charge key distinct at the gateway). The worker holds a lease
 * (ADR 014): a pending submission whose lease lapsed (its process died) is taken over by the next
 * submit with the key, which finds the attempt's order by `doc_id` or replays the attempt's
 * authorization under its gateway key, so nothing is authorized or ordered twice.
 */
export const checkoutSubmissions = pgTable(
  'checkout_submissions',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    cartId: text('cart_id').notNull(),
    customerUid: text('customer_uid').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(1),
    orderId: text('order_id'),
    message: text('message'),
    /** The order document id of the current attempt (chosen when the attempt starts). */
    docId: text('doc_id'),
    /** While pending: the worker's lease; once lapsed, another submit may take the attempt over. */
    leaseUntil: utc('lease_until').notNull().defaultNow(),
    /** The attempt holding the lease: only it may extend the lease, void its charge or settle (ADR 021). */
    leaseOwner: text('lease_owner'),
    /** Hash of the request of the current attempt: the same key with another body is refused (ADR 021). */
    requestHash: text('request_hash'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checkout_submissions_cart_idx').on(t.cartId)],
);
