import type { ServerModule } from '../../platform/server-module';
import { customersGraphql } from './customers.graphql';
import { customersRoutes } from './customers.routes';

export const customersModule: ServerModule = {
  name: 'customers',
  routes: customersRoutes,
  graphql: customersGraphql,
};
