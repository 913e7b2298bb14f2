import { timestamp } from 'drizzle-orm/pg-core';

/** All instants are stored in UTC (timestamptz); Pacific time only where the spec says. */
export const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => utc('created_at').notNull().defaultNow();
export const updatedAt = () => utc('updated_at').notNull().defaultNow();
