import type { ServerModule } from '../../platform/server-module';
import { returnsRoutes } from './returns.routes';

export const returnsModule: ServerModule = { name: 'returns', routes: returnsRoutes };
