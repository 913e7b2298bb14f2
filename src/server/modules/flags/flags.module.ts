import type { ServerModule } from '../../platform/server-module';
import { flagsRoutes } from './flags.routes';

export const flagsModule: ServerModule = { name: 'flags', routes: flagsRoutes };
