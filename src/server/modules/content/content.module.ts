import type { ServerModule } from '../../platform/server-module';
import { contentRoutes } from './content.routes';

export const contentModule: ServerModule = { name: 'content', routes: contentRoutes };
