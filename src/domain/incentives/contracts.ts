import { z } from 'zod';

// The incentives service's answers (spec 3 §3 Period, Enroller payout row; §7 calls), shared by
// the GraphQL resolvers and the screens.

export const Period = z.object({ periodId: z.number().int(), startDate: z.string(), endDate: z.string() });
export type Period = z.infer<typeof Period>;

const AccountLink = z.object({ uid: z.string().nullable(), fullName: z.string().nullable() });

export const EnrollerPayout = z.object({
  rewardPayoutId: z.string(),
  participantAccountId: z.string(),
  participant: AccountLink,
  enrollerAccountId: z.string(),
  enroller: AccountLink,
  milestoneName: z.string(),
  countryId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  finished: z.boolean(),
  succeeded: z.boolean(),
  amountCents: z.number().int(),
  personalVolume: z.number(),
  enrolledConsultants: z.number().int(),
  paidDate: z.string().nullable(),
  paid: z.boolean(),
});
export type EnrollerPayout = z.infer<typeof EnrollerPayout>;

export const EnrollerPayoutPage = z.object({
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPaidAccounts: z.number().int(),
  totalUnpaidAccounts: z.number().int(),
  payouts: z.array(EnrollerPayout),
});
export type EnrollerPayoutPage = z.infer<typeof EnrollerPayoutPage>;

const MarketTotal = z.object({
  countryId: z.number().int(),
  count: z.number().int(),
  totalCents: z.number().int(),
});
export const PayoutSummary = z.object({
  count: z.number().int(),
  totalCents: z.number().int(),
  /** Per market, as each pays in its own currency. */
  markets: z.array(MarketTotal),
});
export type PayoutSummary = z.infer<typeof PayoutSummary>;

export const PayoutResult = z.object({
  success: z.boolean(),
  paidCount: z.number().int(),
  totalCents: z.number().int(),
  creditEntries: z.number().int(),
  alreadyPaid: z.boolean(),
});
export type PayoutResult = z.infer<typeof PayoutResult>;

export const CountingRun = z.object({
  jobId: z.string(),
  countryId: z.number().int(),
  status: z.string(),
  progress: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  rows: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type CountingRun = z.infer<typeof CountingRun>;

export const MarketProgress = z.object({
  countryId: z.number().int(),
  participants: z.number().int(),
  succeeded: z.number().int(),
  finished: z.number().int(),
  paid: z.number().int(),
});
export type MarketProgress = z.infer<typeof MarketProgress>;
