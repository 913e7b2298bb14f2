import type { ServerModule } from '../../platform/server-module';
import { administratorsRoutes } from './administrators.routes';

export const administratorsModule: ServerModule = { name: 'administrators', routes: administratorsRoutes };
