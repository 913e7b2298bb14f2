import { index, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';

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
