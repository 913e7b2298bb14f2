import type { ServerModule } from '../../platform/server-module';
import { customerSearchRoutes } from './customer-search.routes';

export const customerSearchModule: ServerModule = { name: 'customer-search', routes: customerSearchRoutes };
