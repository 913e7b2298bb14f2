import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc } from './columns';

export interface ConsultantPreference {
  creditAccess: boolean;
  paymentAccess: boolean;
}

export interface ConsultantMilestone {
  name: string;
  achievedAt?: string | null;
  expirationDate?: string | null;
}

/**
 * Customer accounts (consultants, members, clients, employees, prospects, guests) — spec 1 §3.
 * `uid` is the account document id; `phoenixId` is the account number in the downstream system.
 * Sponsor and enroller refer to the phoenixId of another account (1 = the company).
 */
export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    phoenixId: bigint('phoenix_id', { mode: 'number' }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    userType: smallint('user_type').notNull(),
    telephone: text('telephone'),
    genderId: smallint('gender_id'),
    defaultLanguageId: smallint('default_language_id').notNull().default(1),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    countryId: smallint('country_id').notNull().default(1),
    sponsorId: bigint('sponsor_id', { mode: 'number' }).notNull().default(1),
    enrollerId: bigint('enroller_id', { mode: 'number' }).notNull().default(1),
    enrollmentDateUtc: utc('enrollment_date_utc'),
    nextRenewalDateUtc: utc('next_renewal_date_utc'),
    memberExpirationDateUtc: utc('member_expiration_date_utc'),
    consultantPreferences: jsonb('consultant_preferences')
      .$type<Record<string, ConsultantPreference>>()
      .notNull()
      .default({}),
    consultantMilestones: jsonb('consultant_milestones').$type<ConsultantMilestone[]>().notNull().default([]),
    pwsKey: text('pws_key'),
    isEntity: boolean('is_entity').notNull().default(false),
    entityName: text('entity_name'),
    /** Sealed with the data key ring (`enc:v1:<key id>:…`, ADR 022); never the digits themselves. */
    sealedTaxNumber: text('tax_number'),
    accountStatus: smallint('account_status').notNull().default(1),
    paidAsTitleId: smallint('paid_as_title_id'),
    recognitionTitleId: smallint('recognition_title_id'),
    groupId: integer('group_id'),
    squareId: text('square_id'),
    squareIdCa: text('square_id_ca'),
    tAndCAccepted: boolean('t_and_c_accepted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_phoenix_id_key').on(t.phoenixId),
    uniqueIndex('accounts_pws_key').on(sql`lower(${t.pwsKey})`),
    index('accounts_email_idx').on(sql`lower(${t.email})`),
    index('accounts_name_trgm_idx').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    index('accounts_last_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    // Customer search (spec 1 §2): "C" order makes a prefix an index range and gives each tier
    // its order straight from the index, so a page reads only its own rows.
    index('accounts_search_last_first_idx').on(
      sql`(lower(${t.lastName}) collate "C")`,
      sql`(lower(${t.firstName}) collate "C")`,
      t.phoenixId,
    ),
    index('accounts_search_first_last_idx').on(
      sql`(lower(${t.firstName}) collate "C")`,
      sql`(lower(${t.lastName}) collate "C")`,
      t.phoenixId,
    ),
    index('accounts_search_email_idx').on(sql`(lower(${t.email}) collate "C")`, t.phoenixId),
    // With phoenix_id, a downline walk (recursive CTE, decision 004) is index-only: one probe per
    // account and no table read (a 10,000-account downline in tens of milliseconds).
    index('accounts_sponsor_idx').on(t.sponsorId, t.phoenixId),
    index('accounts_enroller_idx').on(t.enrollerId, t.phoenixId),
    index('accounts_user_type_idx').on(t.userType),
    // New consultants of an incentive period and market (the counting job, DESIGN §5).
    index('accounts_enrollment_idx').on(t.userType, t.countryId, t.enrollmentDateUtc),
    // The key id of each sealed tax number ('' for one stored before encryption): the start-up
    // pass finds the values not under the current key without reading the table (ADR 022).
    index('accounts_tax_number_key_idx')
      .on(sql`split_part(${t.sealedTaxNumber}, ':', 3)`)
      .where(sql`${t.sealedTaxNumber} is not null`),
  ],
);

export const accountComments = pgTable(
  'account_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    system: boolean('system').notNull().default(false),
    date: utc('date').notNull().defaultNow(),
  },
  (t) => [index('account_comments_account_idx').on(t.accountUid, t.date)],
);

/** Membership terms records (bobTCs). Member status is derived from the latest one (spec 1 §4). */
export const termsRecords = pgTable(
  'terms_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    orderDate: utc('order_date').notNull(),
    orderExpiration: utc('order_expiration'),
    signed: boolean('signed').notNull().default(false),
    declined: boolean('declined').notNull().default(false),
  },
  (t) => [index('terms_records_account_idx').on(t.accountUid, t.orderDate)],
);

export const accountTypeHistory = pgTable(
  'account_type_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    fromType: smallint('from_type'),
    toType: smallint('to_type').notNull(),
    reason: text('reason'),
    recordedAs: text('recorded_as'),
    changedBy: text('changed_by'),
    changedAt: utc('changed_at').notNull().defaultNow(),
  },
  (t) => [index('account_type_history_account_idx').on(t.accountUid, t.changedAt)],
);

export const invalidTaxNumberAttempts = pgTable(
  'invalid_tax_number_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    attemptedAt: utc('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('invalid_tax_number_attempts_account_idx').on(t.accountUid, t.attemptedAt)],
);

/** Employee records held by the other services an employee account touches (spec 1 §4 Employee accounts). */
export const employeeServiceAccounts = pgTable(
  'employee_service_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountUid: text('account_uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    country: text('country').$type<'us' | 'ca'>().notNull(),
    documentId: text('document_id').notNull(),
    authDisabled: boolean('auth_disabled').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [index('employee_service_accounts_account_idx').on(t.accountUid)],
);

/** Single-use tokens that let staff open a customer session (sign in as the customer). */
export const customerLoginTokens = pgTable('customer_login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountUid: text('account_uid')
    .notNull()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  createdBy: text('created_by').notNull(),
  /** The staff member who asked (staff_users.id); the customer view is theirs to audit. */
  createdById: uuid('created_by_id'),
  createdAt: createdAt(),
  expiresAt: utc('expires_at').notNull(),
  usedAt: utc('used_at'),
});
