import type { ServerModule } from '../../platform/server-module';
import { outboxRoutes } from './outbox.routes';

export const outboxModule: ServerModule = { name: 'outbox', routes: outboxRoutes };
