import type { ServerModule } from '../../platform/server-module';
import { promosRoutes } from './promos.routes';
import { promoDeployWorker } from './promos.schedule';

export const promosModule: ServerModule = {
  name: 'promos',
  routes: promosRoutes,
  workers: (ctx) => [promoDeployWorker(() => new Date(ctx.clock.now()))],
};
