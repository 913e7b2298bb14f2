import type { RouteObject } from 'react-router';
import { upcomingScreen } from './upcoming';

const incentives = { action: 'incentives.manage', flag: 'incentives' } as const;
const toIncentives = { label: 'Incentives', to: '/incentives' };

export const incentiveRoutes: RouteObject[] = [
  upcomingScreen('incentives', 'Incentives', incentives),
  upcomingScreen('incentives/milestone1', 'Milestone 1', { ...incentives, parent: toIncentives }),
  upcomingScreen('incentives/milestone2', 'Milestone 2', { ...incentives, parent: toIncentives }),
  upcomingScreen('incentives/milestone3', 'Milestone 3', { ...incentives, parent: toIncentives }),
  upcomingScreen('incentives/enrollers', 'Enroller payouts', { ...incentives, parent: toIncentives }),
];
