import type { ServerModule } from '../../platform/server-module';
import { dashboardRoutes } from './dashboard.routes';

export const dashboardModule: ServerModule = { name: 'dashboard', routes: dashboardRoutes };
