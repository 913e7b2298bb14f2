import { z } from 'zod';

// Feature flags named by the spec; toggled in the flags dialog by developers outside production.

export const FEATURE_FLAGS = {
  incentives: 'Show Incentives to developers and leaders',
  membershipManualUpgrade: 'Allow manual membership upgrade and downgrade',
  promoToolCartApi: 'Promo tool simulator prices carts through the cart API instead of in the browser',
  catalogCache: 'Cache catalogs, categories and filters per country',
  contentDrafts: 'Show content drafts',
  consultantOverrideDefaults:
    "Portal orders for consultants start with the tax and shipping overrides on, pre-filled with the estimate's",
} as const;
export type FeatureFlagName = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlagName[];

export const FeatureFlag = z.object({
  name: z.string(),
  enabled: z.boolean(),
  description: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

export const FeatureFlagsResponse = z.object({
  success: z.literal(true),
  data: z.array(FeatureFlag),
  /** Whether the flags dialog is offered in this environment. */
  editable: z.boolean(),
});
export type FeatureFlagsResponse = z.infer<typeof FeatureFlagsResponse>;

export const SetFeatureFlagRequest = z.object({ enabled: z.boolean() });
