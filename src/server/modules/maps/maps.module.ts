import type { ServerModule } from '../../platform/server-module';
import { mapsRoutes } from './maps.routes';

export const mapsModule: ServerModule = { name: 'maps', routes: mapsRoutes };
