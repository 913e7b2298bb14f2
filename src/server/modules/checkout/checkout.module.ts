import type { ServerModule } from '../../platform/server-module';
import { captureRetryWorker } from './capture.service';
import { checkoutRoutes } from './checkout.routes';
import { popupCloseWorker } from './popup-close.service';

export const checkoutModule: ServerModule = {
  name: 'checkout',
  routes: checkoutRoutes,
  workers: (ctx) => [captureRetryWorker(ctx), popupCloseWorker(ctx, () => new Date(ctx.clock.now()))],
};
