import type { ServerModule } from '../../platform/server-module';
import { reconciliationRoutes } from './reconciliation.routes';
import { RECONCILIATION_JOB, reconciliationJob, reconciliationNightlyWorker } from './reconciliation.service';

export const reconciliationModule: ServerModule = {
  name: 'reconciliation',
  routes: reconciliationRoutes,
  jobs: { [RECONCILIATION_JOB]: reconciliationJob },
  workers: (ctx) => [reconciliationNightlyWorker(ctx)],
};
