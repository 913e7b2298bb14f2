import type { ServerModule } from '../../platform/server-module';
import { addressesRoutes } from './addresses.routes';

export const addressesModule: ServerModule = { name: 'addresses', routes: addressesRoutes };
