import type { ServerModule } from '../../platform/server-module';
import { COUNTING_JOB, countingJob } from './counting';
import { incentivesRoutes } from './incentives.routes';

export const incentivesModule: ServerModule = {
  name: 'incentives',
  routes: incentivesRoutes,
  jobs: { [COUNTING_JOB]: countingJob },
};
