import type { ServerModule } from '../../platform/server-module';
import { paymentsRoutes } from './payments.routes';

export const paymentsModule: ServerModule = { name: 'payments', routes: paymentsRoutes };
