import type { ServerModule } from '../../platform/server-module';
import { downstreamRoutes } from './downstream.routes';
import { downstreamWorker } from './downstream.worker';

export const downstreamModule: ServerModule = {
  name: 'downstream',
  routes: downstreamRoutes,
  workers: () => [downstreamWorker()],
};
