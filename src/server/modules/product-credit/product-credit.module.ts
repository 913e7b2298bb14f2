import type { ServerModule } from '../../platform/server-module';
import { productCreditRoutes } from './product-credit.routes';
import { creditExpiryWorker } from './product-credit.service';

export const productCreditModule: ServerModule = {
  name: 'product-credit',
  routes: productCreditRoutes,
  workers: () => [creditExpiryWorker()],
};
