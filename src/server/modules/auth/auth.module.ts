import type { ServerModule } from '../../platform/server-module';
import { authRoutes } from './auth.routes';

export const authModule: ServerModule = { name: 'auth', routes: authRoutes };
