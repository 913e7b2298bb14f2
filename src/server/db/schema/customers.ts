import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, utc } from './columns';

/** Pop-up (social) events hosted by a consultant. */
export const socials = pgTable(
  'socials',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    hostUid: text('host_uid'),
    name: text('name').notNull(),
    status: text('status').$type<'open' | 'closed' | 'cancelled'>().notNull(),
    openingDate: utc('opening_date'),
    closingDate: utc('closing_date'),
    totalCents: integer('total_cents').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('socials_uid_idx').on(t.uid)],
);
