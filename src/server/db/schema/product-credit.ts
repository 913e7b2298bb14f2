import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, updatedAt, utc } from './columns';

/** Product credit balance per account and country ('us' | 'ca'); amounts in cents. */
export const productCredit = pgTable(
  'product_credit',
  {
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    country: text('country').$type<'us' | 'ca'>().notNull(),
    balanceCents: integer('balance_cents').notNull().default(0),
    expirationDate: utc('expiration_date'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountUid, t.country] })],
);

/** Product credit ledger entries (spec: remainingValue, expirationDate, doesNotExpire), in cents. */
export const productCreditLedger = pgTable(
  'product_credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    country: text('country').$type<'us' | 'ca'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    remainingValueCents: integer('remaining_value_cents').notNull(),
    expirationDate: utc('expiration_date'),
    doesNotExpire: boolean('does_not_expire').notNull().default(false),
    reasonId: smallint('reason_id'),
    reason: text('reason'),
    orderId: text('order_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_credit_ledger_account_idx').on(t.accountUid, t.country, t.createdAt),
    // ADR 021: what is left of a grant is never negative nor more than it added; debits hold none.
    check(
      'product_credit_ledger_remaining_check',
      sql`${t.remainingValueCents} >= 0 and ${t.remainingValueCents} <= greatest(${t.amountCents}, 0)`,
    ),
    // The credit expiry worker's search: grants with credit left that can expire.
    index('product_credit_ledger_expiring_idx')
      .on(t.expirationDate)
      .where(sql`${t.remainingValueCents} > 0 and not ${t.doesNotExpire}`),
  ],
);
