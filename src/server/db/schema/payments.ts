import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, updatedAt, utc } from './columns';
import { orders } from './orders';

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

/**
 * Card tokens (nonces) of the built-in payment gateway: what POST /gateway/v1/cards hands the
 * browser for a card number it never passes to the API. Only brand, last 4, expiry and postal
 * code are kept; a token is used by one charge (or saved as a card on file).
 */
export const paymentTokens = pgTable(
  'payment_tokens',
  {
    id: text('id').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    postalCode: text('postal_code').notNull(),
    simulate: text('simulate'),
    /** Set by the charge that used it (idempotency key of that charge). */
    usedBy: text('used_by'),
    createdAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
  },
  (t) => [index('payment_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Idempotency keys of API calls that move money (refunds). A key is claimed by inserting its row
 * (ON CONFLICT DO NOTHING) in a transaction of its own before any work: the one process that
 * inserts it does the work, the others answer 409 while it is in flight, the stored response once
 * done, or 422 when the body differs. A lease lets another process take over a key whose worker
 * died. Rows are kept at least 24 hours (IDEMPOTENCY_RETENTION_HOURS).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'in_flight' | 'done'>().notNull(),
    /** The record the call made (a refund id), once made. */
    resourceId: text('resource_id'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    leaseUntil: utc('lease_until').notNull(),
    createdAt: createdAt(),
    updatedAt: utc('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
