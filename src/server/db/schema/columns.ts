import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** All instants are stored in UTC (timestamptz); Pacific time only where the spec says. */
export const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => utc('created_at').notNull().defaultNow();
export const updatedAt = () => utc('updated_at').notNull().defaultNow();

/** Volumes (CV, PV, QV, NV, SV) are points with two decimals, read back as numbers. */
export const volume = (name: string) =>
  numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);
