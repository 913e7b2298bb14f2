import type { ServerModule } from '../../platform/server-module';
import { ordersRoutes } from './orders.routes';

export const ordersModule: ServerModule = { name: 'orders', routes: ordersRoutes };
