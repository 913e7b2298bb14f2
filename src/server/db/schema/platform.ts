import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

/** Staff accounts of both directories (`users`, `cs-users`). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    directory: text('directory').$type<'users' | 'cs-users'>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    promoAccess: boolean('promo_access').notNull().default(false),
    junoAccess: boolean('juno_access').notNull().default(false),
    active: boolean('active').notNull().default(true),
    devMode: boolean('dev_mode').notNull().default(true),
    passwordHash: text('password_hash'),
    passwordChangedAt: utc('password_changed_at'),
    lastLoginAt: utc('last_login_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(sql`lower(${t.email})`),
    index('staff_users_role_idx').on(t.role),
  ],
);

/** Server-side sessions; only a SHA-256 of the token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: utc('last_seen_at').notNull().defaultNow(),
    expiresAt: utc('expires_at').notNull(),
    revokedAt: utc('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_key').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.staffUserId),
  ],
);

/**
 * Sign-in attempts counted per window, shared by every app process (ADR 020): per account, per
 * address, and per account and address where the account signed in lately (`trustedUntil`).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: utc('window_started_at').notNull().defaultNow(),
  trustedUntil: utc('trusted_until'),
});

/**
 * Single-use emailed links of staff: password reset (one hour), first password (24 hours) and
 * confirmation of a new sign-in email (`newEmail`, one hour). Only a hash of the token is stored.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'set' | 'email'>().notNull().default('reset'),
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
    usedAt: utc('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.staffUserId)],
);

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by'),
});

export interface Difference {
  kind: 'N' | 'D' | 'E' | 'A';
  path: (string | number)[];
  lhs?: unknown;
  rhs?: unknown;
}

/**
 * Change events (account-log, orders-log, staff-log …): who changed what, when, written in the
 * same transaction as the change.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collection: text('collection').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changedBy: text('changed_by').notNull(),
    changedByName: text('changed_by_name'),
    auth: text('auth'),
    authType: text('auth_type'),
    dateChangedUtc: utc('date_changed_utc').notNull().defaultNow(),
    differences: jsonb('differences').$type<Difference[]>().notNull().default([]),
  },
  (t) => [
    index('change_events_entity_idx').on(t.collection, t.entityId, t.dateChangedUtc),
    index('change_events_date_idx').on(t.dateChangedUtc),
  ],
);

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'stored' | 'failed';

/** Emails, notifications and outbound events, delivered by the outbox worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<'email' | 'event'>().notNull(),
    template: text('template').notNull(),
    toAddress: text('to_address'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What one-time links the email carries ("password link"): they are held in outbox_secrets and
     * shown here only as a placeholder (ADR 017).
     */
    hiddenLinks: jsonb('hidden_links').$type<string[]>().notNull().default([]),
    entityId: text('entity_id'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    nextAttemptAt: utc('next_attempt_at').notNull().defaultNow(),
    lockedUntil: utc('locked_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: utc('sent_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_to_idx').on(sql`lower(${t.toAddress})`),
  ],
);

/**
 * The one-time links of an outbox email (ADR 017), apart from the message so that no reader of
 * outbox rows (Outbox screen, retry, audit) can see them: only the delivery step reads this table,
 * and a row is deleted once its email is sent or its links have expired.
 */
export const outboxSecrets = pgTable(
  'outbox_secrets',
  {
    outboxId: bigint('outbox_id', { mode: 'number' })
      .primaryKey()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    /** Each placeholder of the stored email and the link it stands for. */
    links: jsonb('links').$type<{ placeholder: string; url: string }[]>().notNull(),
    /** When the first of the links stops working: after that the row is of no use and is purged. */
    expiresAt: utc('expires_at').notNull(),
  },
  (t) => [index('outbox_secrets_expires_idx').on(t.expiresAt)],
);

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Background jobs (batch orders, bulk ledgers, counting, downstream export …). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: utc('run_at').notNull().defaultNow(),
    lockedUntil: utc('locked_until'),
    progress: smallint('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    finishedAt: utc('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), index('jobs_type_idx').on(t.type, t.createdAt)],
);

/**
 * Facts about the database itself, one row per key: e.g. `demo-load` is `loading` while the demo
 * company is written and `complete` once all of it is, so an interrupted load is never served.
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
