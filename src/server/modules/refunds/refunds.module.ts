import type { ServerModule } from '../../platform/server-module';
import { refundRecoveryWorker } from './refund-submit.service';
import { refundsRoutes } from './refunds.routes';

export const refundsModule: ServerModule = {
  name: 'refunds',
  routes: refundsRoutes,
  workers: (ctx) => [refundRecoveryWorker(ctx)],
};
