import type { ServerModule } from '../../platform/server-module';
import { healthRoutes } from './health.routes';

export const healthModule: ServerModule = { name: 'health', routes: healthRoutes };
