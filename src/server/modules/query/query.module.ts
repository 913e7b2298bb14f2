import type { ServerModule } from '../../platform/server-module';
import { queryRoutes } from './query.routes';

/** The commerce query service: its schema is the `graphql` of every module, in the list's order. */
export const queryModule: ServerModule = {
  name: 'query',
  routes: (ctx, modules) =>
    queryRoutes(
      ctx,
      modules.flatMap((m) => (m.graphql ? [m.graphql] : [])),
    ),
};
