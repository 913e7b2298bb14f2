import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { utc } from './columns';

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    address: text('address').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    countryId: smallint('country_id').notNull(),
    telephone: text('telephone'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    phoenixId: bigint('phoenix_id', { mode: 'number' }),
    melissaVerificationDateUtc: utc('melissa_verification_date_utc'),
    dateLastModified: utc('date_last_modified').notNull().defaultNow(),
  },
  (t) => [
    index('shipping_addresses_account_idx').on(t.accountUid),
    // At most one default shipping address per account; the default move runs in one transaction.
    uniqueIndex('shipping_addresses_one_default_key').on(t.accountUid).where(sql`${t.isDefaultShipping}`),
    // Address autocomplete's streets on file (ADR 029): a substring of the street line.
    index('shipping_addresses_street_trgm_idx').using('gin', sql`(lower(${t.address})) gin_trgm_ops`),
  ],
);
