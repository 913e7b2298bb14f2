import type { ServerModule } from '../../platform/server-module';
import { cartsGraphql } from './carts.graphql';
import { cartsRoutes } from './carts.routes';

export const cartsModule: ServerModule = { name: 'carts', routes: cartsRoutes, graphql: cartsGraphql };
