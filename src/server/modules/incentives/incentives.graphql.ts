import { MAX_PAYOUT_PAGE_SIZE, PAYOUT_PAGE_SIZE } from '@domain/incentives';
import { IDEMPOTENCY_KEY_REUSED } from '@domain/platform/idempotency';
import { GraphQLError } from 'graphql';
import type { GraphqlContext, GraphqlModule } from '../../platform/graphql';
import type { FieldCosts } from '../../platform/graphql-limits';
import { listPeriods } from './incentives.repo';
import * as service from './incentives.service';

// The incentives service's schema (spec 3 §7): the five operations of the spec, plus what the
// screens need besides them (starting and watching the counting job, a milestone's progress, and
// the count and total of a selection for the pay confirmation).

export const baseTypeDefs = /* GraphQL */ `
  "A participant requirement (spec 3 §3): requirementId, type id, name, value; id is requirementId."
  type MilestoneRequirement {
    requirementId: Int!
    id: Int!
    typeId: Int!
    name: String!
    value: Float!
  }
  "A participant or enroller reward (spec 3 §3): rewardId, type id, name, value; id is rewardId."
  type MilestoneReward {
    rewardId: Int!
    id: Int!
    typeId: Int!
    name: String!
    value: Float!
  }
  type Milestone {
    name: String!
    countingKeyUs: String!
    countingKeyCa: String!
    participantRequirements: [MilestoneRequirement!]!
    participantRewards: [MilestoneReward!]!
    enrollerRewards: [MilestoneReward!]!
    updatedAt: String!
    updatedBy: String
  }
  "A requirement or reward to save: its id as requirementId (requirements), rewardId (rewards) or id."
  input MilestoneItemInput {
    id: Int
    requirementId: Int
    rewardId: Int
    typeId: Int!
    name: String!
    value: Float!
  }
  input MilestoneRewardsInput {
    participantRewards: [MilestoneItemInput!]!
    enrollerRewards: [MilestoneItemInput!]!
  }
  type Success {
    success: Boolean!
    message: String
  }
  type Period {
    periodId: Int!
    startDate: String!
    endDate: String!
  }
  type AccountLink {
    uid: String
    fullName: String
  }
  type EnrollerPayout {
    rewardPayoutId: ID!
    participantAccountId: ID!
    participant: AccountLink!
    enrollerAccountId: ID!
    enroller: AccountLink!
    milestoneName: String!
    countryId: Int!
    startDate: String!
    endDate: String!
    finished: Boolean!
    succeeded: Boolean!
    amountCents: Int!
    personalVolume: Float!
    enrolledConsultants: Int!
    paidDate: String
    paid: Boolean!
  }
  type EnrollerPayoutPage {
    pageNumber: Int!
    pageSize: Int!
    totalCount: Int!
    totalPaidAccounts: Int!
    totalUnpaidAccounts: Int!
    payouts: [EnrollerPayout!]!
  }
  type MarketTotal {
    countryId: Int!
    count: Int!
    totalCents: Int!
  }
  type PayoutSummary {
    count: Int!
    totalCents: Int!
    markets: [MarketTotal!]!
  }
  type PayoutResult {
    success: Boolean!
    paidCount: Int!
    totalCents: Int!
    creditEntries: Int!
    alreadyPaid: Boolean!
  }
  type CountingRun {
    jobId: ID!
    countryId: Int!
    status: String!
    progress: Int!
    createdAt: String!
    finishedAt: String
    rows: Int
    error: String
  }
  type MarketProgress {
    countryId: Int!
    participants: Int!
    succeeded: Int!
    finished: Int!
    paid: Int!
  }
  type Query {
    milestoneValues: [Milestone!]!
    periods: [Period!]!
    enrollerPayouts(
      startDate: String!
      endDate: String!
      pagination: Boolean
      pageSize: Int
      pageNumber: Int
      textSearch: String
    ): EnrollerPayoutPage!
    enrollerPayoutsSelection(
      startDate: String!
      endDate: String!
      excludes: [ID!]
      selection: [ID!]
      textSearch: String
    ): PayoutSummary!
    countingRuns(startDate: String!, endDate: String!): [CountingRun!]!
    milestoneProgress(name: String!, startDate: String!, endDate: String!): [MarketProgress!]!
  }
  type Mutation {
    milestoneValuesUpdate(
      name: String!
      requirements: [MilestoneItemInput!]!
      rewards: MilestoneRewardsInput!
    ): Success!
    enrollerIssuePayouts(
      startDate: String!
      endDate: String!
      excludes: [ID!]
      selection: [ID!]
      "Required (or an Idempotency-Key header): one per confirmed payout, the same when it is sent again."
      selectionId: String
      textSearch: String
    ): PayoutResult!
    startCounting(startDate: String!, endDate: String!): [ID!]!
  }
`;

/** The export route runs the same query with every row instead of one page. */
export type IncentivesContext = GraphqlContext & { exportAll?: boolean };

/** Input errors become GraphQL errors (errors[0].message); anything else stays an internal error. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof service.SelectionIdReused) {
      throw new GraphQLError(err.message, { extensions: { code: IDEMPOTENCY_KEY_REUSED } });
    }
    if (err instanceof service.InputError) {
      throw new GraphQLError(err.message, { extensions: { code: 'BAD_REQUEST' } });
    }
    throw err;
  }
}

/**
 * What the incentives fields cost (ADR 019): the payout reads scan a period's rows, and without
 * pagination answer every row (one such read per request); paying writes a row per payout.
 */
const costs: FieldCosts = {
  'Query.milestoneValues': { cost: 500 },
  'Query.periods': { cost: 500 },
  'Query.enrollerPayouts': { cost: (args) => (args.pagination === false ? 20_000 : 2_000) },
  'EnrollerPayoutPage.payouts': {
    items: (_args, page) =>
      page.pagination === false
        ? MAX_PAYOUT_PAGE_SIZE
        : typeof page.pageSize === 'number'
          ? page.pageSize
          : PAYOUT_PAGE_SIZE,
  },
  'Query.enrollerPayoutsSelection': { cost: 2_000 },
  'Query.countingRuns': { cost: 500 },
  'Query.milestoneProgress': { cost: 1_000 },
  'Mutation.milestoneValuesUpdate': { cost: 2_000 },
  'Mutation.enrollerIssuePayouts': { cost: 20_000 },
  'Mutation.startCounting': { cost: 2_000 },
};

type Args<T> = (root: unknown, args: T, context: IncentivesContext) => unknown;
const resolver = <T>(fn: Args<T>) => fn;

export const incentivesGraphql: GraphqlModule = {
  typeDefs: '',
  costs,
  resolvers: {
    Query: {
      milestoneValues: resolver((_r, _a: object, { ctx }) => service.milestoneValues(ctx)),
      periods: resolver((_r, _a: object, { ctx }) => listPeriods(ctx.db)),
      enrollerPayouts: resolver((_r, args: service.PayoutsArgs, context) =>
        answer(() =>
          service.enrollerPayouts(context.ctx, context.exportAll ? { ...args, pagination: false } : args),
        ),
      ),
      enrollerPayoutsSelection: resolver((_r, args: service.IssueArgs, { ctx }) =>
        answer(() => service.selectionSummary(ctx, args)),
      ),
      countingRuns: resolver((_r, args: { startDate: string; endDate: string }, { ctx }) =>
        answer(() => service.countingRuns(ctx, args.startDate, args.endDate)),
      ),
      milestoneProgress: resolver((_r, args: { name: string; startDate: string; endDate: string }, { ctx }) =>
        answer(() => service.milestoneProgress(ctx, args.name, args.startDate, args.endDate)),
      ),
    },
    Mutation: {
      milestoneValuesUpdate: resolver((_r, args: object, { ctx, staff }) =>
        answer(() => service.updateMilestoneValues(ctx, staff, args)),
      ),
      enrollerIssuePayouts: resolver((_r, args: service.IssueArgs, { ctx, staff, reply }) =>
        answer(() =>
          service.issuePayouts(ctx, staff, args, { headerKey: reply.request.headers['idempotency-key'] }),
        ),
      ),
      startCounting: resolver((_r, args: { startDate: string; endDate: string }, { ctx, staff }) =>
        answer(() => service.startCounting(ctx, staff, args.startDate, args.endDate)),
      ),
    },
  },
} as GraphqlModule;
