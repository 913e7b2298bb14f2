import { bigserial, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, utc } from './columns';
import { staffUsers } from './platform';

/**
 * Customer view sessions (spec 1 §4 Sign in as the customer; ADR 022): what a redeemed sign-in
 * token opens. A kind of session apart from staff sessions — its own table, cookie and route
 * action — that reads one customer's own view and nothing else. Only the token's hash is stored.
 */
export const customerViewSessions = pgTable(
  'customer_view_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
    revokedAt: utc('revoked_at'),
  },
  (t) => [
    uniqueIndex('customer_view_sessions_token_key').on(t.tokenHash),
    index('customer_view_sessions_expires_idx').on(t.expiresAt),
  ],
);
