import type { ServerModule } from '../../platform/server-module';
import { customerViewRoutes } from './customer-view.routes';

export const customerViewModule: ServerModule = { name: 'customer-view', routes: customerViewRoutes };
