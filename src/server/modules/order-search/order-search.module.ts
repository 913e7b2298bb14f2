import type { ServerModule } from '../../platform/server-module';
import { orderSearchRoutes } from './order-search.routes';

export const orderSearchModule: ServerModule = { name: 'order-search', routes: orderSearchRoutes };
