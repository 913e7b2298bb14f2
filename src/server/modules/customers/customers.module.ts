import type { ServerModule } from '../../platform/server-module';
import { customerSearchRoutes } from './customer-search.routes';
import { customersGraphql } from './customers.graphql';
import { customersRoutes } from './customers.routes';

export const customersModule: ServerModule = {
  name: 'customers',
  // The search and export (spec 1 §2 Customer search), then the customer screens' reads.
  routes: (ctx) => async (app) => {
    await app.register(customerSearchRoutes(ctx));
    await app.register(customersRoutes(ctx));
  },
  graphql: customersGraphql,
};
