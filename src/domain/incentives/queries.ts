// The GraphQL documents the incentives screens send to POST /api/startCounting/query (spec 3 §7),
// kept here so that the API tests prove the request limits accept every one of them (ADR 019).

const MILESTONE_FIELDS = `name countingKeyUs countingKeyCa updatedAt updatedBy
  participantRequirements { requirementId id typeId name value }
  participantRewards { rewardId id typeId name value } enrollerRewards { rewardId id typeId name value }`;

export const MILESTONES_QUERY = `{ milestoneValues { ${MILESTONE_FIELDS} } }`;

export const MILESTONE_UPDATE_MUTATION = `mutation ($name: String!, $requirements: [MilestoneItemInput!]!, $rewards: MilestoneRewardsInput!) {
          milestoneValuesUpdate(name: $name, requirements: $requirements, rewards: $rewards) { success message } }`;

export const PERIODS_QUERY = '{ periods { periodId startDate endDate } }';

export const PAYOUTS_QUERY = `query ($startDate: String!, $endDate: String!, $pagination: Boolean, $pageSize: Int, $pageNumber: Int, $textSearch: String) {
  enrollerPayouts(startDate: $startDate, endDate: $endDate, pagination: $pagination, pageSize: $pageSize, pageNumber: $pageNumber, textSearch: $textSearch) {
    pageNumber pageSize totalCount totalPaidAccounts totalUnpaidAccounts
    payouts { rewardPayoutId participantAccountId participant { uid fullName } enrollerAccountId enroller { uid fullName }
      milestoneName countryId startDate endDate finished succeeded amountCents personalVolume enrolledConsultants paidDate paid }
  } }`;

export const PAYOUT_SELECTION_QUERY = `query ($startDate: String!, $endDate: String!, $excludes: [ID!], $selection: [ID!], $textSearch: String) {
      enrollerPayoutsSelection(startDate: $startDate, endDate: $endDate, excludes: $excludes, selection: $selection, textSearch: $textSearch) {
        count totalCents markets { countryId count totalCents } } }`;

export const PAY_PAYOUTS_MUTATION = `mutation ($startDate: String!, $endDate: String!, $excludes: [ID!], $selection: [ID!], $selectionId: String, $textSearch: String) {
          enrollerIssuePayouts(startDate: $startDate, endDate: $endDate, excludes: $excludes, selection: $selection, selectionId: $selectionId, textSearch: $textSearch) {
            success paidCount totalCents creditEntries alreadyPaid } }`;

export const COUNTING_RUNS_QUERY = `query ($startDate: String!, $endDate: String!) { countingRuns(startDate: $startDate, endDate: $endDate) {
          jobId countryId status progress createdAt finishedAt rows error } }`;

export const START_COUNTING_MUTATION =
  'mutation ($startDate: String!, $endDate: String!) { startCounting(startDate: $startDate, endDate: $endDate) }';

export const MILESTONE_PROGRESS_QUERY = `query ($name: String!, $startDate: String!, $endDate: String!) {
          milestoneProgress(name: $name, startDate: $startDate, endDate: $endDate) { countryId participants succeeded finished paid } }`;
