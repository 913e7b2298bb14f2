// The incentives' constants and labels, without zod: the payouts screen loads these and not the
// contracts (contracts.ts, milestones.ts), whose answers it checks in development only (ADR 043).

export const milestoneLabel = (name: string) => name.replace(/^milestone(\d)$/, 'Milestone $1');

/** Page size of the payouts table when the caller gives none, and the largest allowed. */
export const PAYOUT_PAGE_SIZE = 20;
export const MAX_PAYOUT_PAGE_SIZE = 100;

/** The spec's messages (spec 3 §8). */
export const INCENTIVE_MESSAGES = {
  paid: 'Selected accounts were successfully paid.',
  payFailed: 'Error occurred while accounts paid.',
  noData: 'No data',
} as const;

/** Markets: counting keys keep the US (1) and CA (2) apart (DESIGN §5). */
export const MARKETS = [
  { countryId: 1, key: 'us', label: 'United States' },
  { countryId: 2, key: 'ca', label: 'Canada' },
] as const;
