import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc } from './columns';

export interface MilestoneItem {
  id: number;
  typeId: number;
  name: string;
  value: number;
}

/** Incentive milestones 1–3 with their requirements and rewards (DESIGN §5). */
export const milestones = pgTable('milestones', {
  name: text('name').primaryKey(),
  countingKeyUs: text('counting_key_us').notNull(),
  countingKeyCa: text('counting_key_ca').notNull(),
  participantRequirements: jsonb('participant_requirements').$type<MilestoneItem[]>().notNull().default([]),
  participantRewards: jsonb('participant_rewards').$type<MilestoneItem[]>().notNull().default([]),
  enrollerRewards: jsonb('enroller_rewards').$type<MilestoneItem[]>().notNull().default([]),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by'),
});

export const incentivePeriods = pgTable('incentive_periods', {
  periodId: integer('period_id').primaryKey(),
  startDate: utc('start_date').notNull(),
  endDate: utc('end_date').notNull(),
});

/** Enroller payout rows produced by the counting job; paying is idempotent. */
export const enrollerPayouts = pgTable(
  'enroller_payouts',
  {
    rewardPayoutId: bigserial('reward_payout_id', { mode: 'number' }).primaryKey(),
    participantAccountId: bigint('participant_account_id', { mode: 'number' }).notNull(),
    enrollerAccountId: bigint('enroller_account_id', { mode: 'number' }).notNull(),
    milestoneName: text('milestone_name').notNull(),
    countingKey: text('counting_key').notNull(),
    countryId: smallint('country_id').notNull(),
    periodId: integer('period_id').notNull(),
    startDate: utc('start_date').notNull(),
    endDate: utc('end_date').notNull(),
    finished: boolean('finished').notNull().default(false),
    succeeded: boolean('succeeded').notNull().default(false),
    /** The enroller reward in cents, and the part of it paid as product credit (values of the counting run). */
    amountCents: integer('amount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    paidDate: utc('paid_date'),
    paidBy: text('paid_by'),
    /** Progress the counting job found: personal volume within the window, consultants enrolled in it. */
    personalVolume: numeric('personal_volume', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    enrolledConsultants: integer('enrolled_consultants').notNull().default(0),
    countedAt: utc('counted_at'),
    /** The product-credit ledger entry that issued the enroller reward, when it was product credit. */
    creditLedgerId: bigint('credit_ledger_id', { mode: 'number' }),
    /** The payout selection that paid the row. */
    selectionId: text('selection_id'),
  },
  (t) => [
    uniqueIndex('enroller_payouts_participant_key').on(t.participantAccountId, t.milestoneName, t.periodId),
    index('enroller_payouts_period_idx').on(t.startDate, t.endDate),
    index('enroller_payouts_period_market_idx').on(t.periodId, t.countryId, t.milestoneName),
    index('enroller_payouts_enroller_idx').on(t.enrollerAccountId),
  ],
);

/**
 * One paid selection (enrollerIssuePayouts with a selectionId): asking again with the same id
 * answers what the first call paid instead of paying again.
 */
export const payoutSelections = pgTable('payout_selections', {
  selectionId: text('selection_id').primaryKey(),
  periodId: integer('period_id').notNull(),
  paidCount: integer('paid_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  creditEntries: integer('credit_entries').notNull(),
  /** Hash of the selection paid: the same selectionId with another selection is refused (ADR 021). */
  requestHash: text('request_hash'),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});
