import type { ServerModule } from '../../platform/server-module';
import { captureRetryWorker } from './capture.service';
import { orderingRoutes } from './ordering.routes';
import { popupCloseWorker } from './popup-close.service';

export const orderingModule: ServerModule = {
  name: 'ordering',
  routes: orderingRoutes,
  workers: (ctx) => [captureRetryWorker(ctx), popupCloseWorker(ctx)],
};
