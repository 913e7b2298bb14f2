import type { AppContext } from '../../platform/context';
import { type GraphqlModule, graphqlEndpoint } from '../../platform/graphql';

// The commerce query service (spec 2 §7, DESIGN §2): POST /api/query. Each area adds its types
// and resolvers as a GraphqlModule (customers: userAccount and attribution; carts: cart queries
// and mutations).

const baseTypeDefs = /* GraphQL */ `
  type Viewer {
    uid: ID!
    name: String!
    role: String!
  }
  type Query {
    "The staff member making the request."
    viewer: Viewer!
  }
`;

const viewer: GraphqlModule = {
  typeDefs: '',
  resolvers: {
    Query: {
      viewer: (_root, _args, context) => ({
        uid: context.staff.id,
        name: context.staff.name,
        role: context.staff.role,
      }),
    },
  },
};

export function queryRoutes(ctx: AppContext, modules: GraphqlModule[] = []) {
  return graphqlEndpoint(ctx, {
    path: '/api/query',
    action: 'records.read',
    typeDefs: baseTypeDefs,
    modules: [viewer, ...modules],
  });
}
