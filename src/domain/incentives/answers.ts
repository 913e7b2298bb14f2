import { z } from 'zod';
import {
  CountingRun,
  EnrollerPayoutPage,
  MarketProgress,
  PayoutResult,
  PayoutSummary,
  Period,
} from './contracts';
import { Milestone } from './milestones';

// What each field of the incentives service answers (spec 3 §7), as the browser checks it in
// development (ADR 043). A module of its own, so that the browser loads it, and zod, only there.

export const MilestonesAnswer = z.array(Milestone);
export const MilestoneUpdateAnswer = z.object({ success: z.boolean(), message: z.string().nullable() });
export const PeriodsAnswer = z.array(Period);
export const PayoutPageAnswer = EnrollerPayoutPage;
export const PayoutSummaryAnswer = PayoutSummary;
export const PayoutResultAnswer = PayoutResult;
export const CountingRunsAnswer = z.array(CountingRun);
export const CountingStartedAnswer = z.array(z.string());
export const MilestoneProgressAnswer = z.array(MarketProgress);
