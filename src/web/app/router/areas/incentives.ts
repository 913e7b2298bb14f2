import { SCREEN_STARTS } from '@domain/platform/screen-starts';
import type { RouteObject } from 'react-router';
import { lazyPage, lazyScreen } from '../lazy-page';
import type { RouteHandle } from '../route-handle';

// Incentives (spec 3 §2): the landing, the three milestone screens and enroller payouts, for
// leaders and developers while the `incentives` flag is on (spec 1 §2).

const incentives = { action: 'incentives.manage', flag: 'incentives' } as const;
const toIncentives = { label: 'Incentives', to: '/incentives' };

const milestone = lazyPage(() =>
  import('../../pages/incentives/milestone-page').then((m) => m.MilestonePage),
);

const milestoneRoute = (n: 1 | 2 | 3): RouteObject => ({
  path: `incentives/milestone${n}`,
  lazy: milestone,
  handle: { title: `Milestone ${n}`, ...incentives, parent: toIncentives } satisfies RouteHandle,
});

export const incentiveRoutes: RouteObject[] = [
  {
    path: 'incentives',
    lazy: lazyPage(() => import('../../pages/incentives/incentives-page').then((m) => m.IncentivesPage)),
    handle: { title: 'Incentives', ...incentives } satisfies RouteHandle,
  },
  milestoneRoute(1),
  milestoneRoute(2),
  milestoneRoute(3),
  {
    path: 'incentives/enrollers',
    ...lazyScreen(
      () => import('../../pages/incentives/enroller-payouts-page').then((m) => m.EnrollerPayoutsPage),
      SCREEN_STARTS.payouts,
    ),
    handle: { title: 'Enroller payouts', ...incentives, parent: toIncentives } satisfies RouteHandle,
  },
];
