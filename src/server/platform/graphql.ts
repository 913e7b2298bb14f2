import { type Action, can, type RouteAction } from '@domain/auth/permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GraphQLError } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';
import { z } from 'zod';
import type { AppContext } from './context';
import { AppError, UNEXPECTED_ERROR } from './errors';
import { analyseDocument, type FieldCosts } from './graphql-limits';
import { serializeError } from './logging';
import type { StaffPrincipal } from './sessions';

/** What a resolver receives as its context (mercurius itself adds `app`, the Fastify instance). */
export interface GraphqlContext {
  ctx: AppContext;
  staff: StaffPrincipal;
  reply: FastifyReply;
}

/** One module's share of a GraphQL endpoint: type definitions (using `extend type Query`) and resolvers. */
export interface GraphqlModule {
  typeDefs: string;
  resolvers: IResolvers<unknown, GraphqlContext>;
  /** What its expensive fields cost (`Type.field`); every other field costs 1 (ADR 019). */
  costs?: FieldCosts;
}

export interface GraphqlEndpoint {
  /** Route path, e.g. `/api/query`. */
  path: string;
  /** The permission the whole endpoint needs; resolvers check finer ones with `requireAction`. */
  action: RouteAction;
  /** Base type definitions (must declare `type Query`), then each module's. */
  typeDefs: string;
  modules: GraphqlModule[];
  /** More routes in the endpoint's context that run queries too (e.g. a CSV export of one). */
  routes?: (app: FastifyInstance, execute: ExecuteGraphql) => void;
}

/** Runs a query against the endpoint's schema; throws on syntax and validation errors. */
export type ExecuteGraphql = (
  body: GraphqlBody,
  context: GraphqlContext,
) => Promise<{ data?: Record<string, unknown> | null; errors?: readonly { message: string }[] }>;

/**
 * A GraphQL request body is read and parsed before any limit can look at it: 1 MiB holds the
 * largest query (100,000 characters) and thousands of ids in variables; the app's 10 MiB would
 * hold the event loop for the JSON parse alone (ADR 019).
 */
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;

export const GraphqlRequest = z.object({
  query: z.string().min(1).max(100_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});
export type GraphqlBody = z.infer<typeof GraphqlRequest>;

/** Refuses the operation with the same 403 meaning as a route would (errors[0].message). */
export function requireAction(context: GraphqlContext, action: Action): void {
  if (!can(context.staff, action)) {
    throw new GraphQLError('Insufficient Permissions', {
      extensions: { code: 'INSUFFICIENT_PERMISSIONS' },
    });
  }
}

/**
 * Whether an execution error may be shown as it is: one a resolver raised on purpose (a GraphQL
 * error with a code, an AppError below 500) or one graphql-js raised about the document. Anything
 * else (a database driver's failure, a bug, an Int out of range) is unexpected.
 */
function shownAsIs(error: GraphQLError): boolean {
  const original = error.originalError;
  if (!original) return true;
  if (original instanceof AppError) return original.statusCode < 500;
  if (original instanceof GraphQLError)
    return original.extensions?.code !== undefined && !original.originalError;
  return false;
}

/**
 * mercurius' error formatter with one rule added: an unexpected error answers a generic message and
 * the request's id (to quote to support), and is logged with its text; a driver's message, which
 * may carry the SQL, never reaches the caller (ADR 019).
 */
const errorFormatter: NonNullable<Parameters<typeof mercurius>[1]>['errorFormatter'] = (
  execution,
  context,
) => {
  const reply = (context as unknown as { reply?: FastifyReply }).reply;
  const requestId = reply ? String(reply.request.id) : undefined;
  const errors = (execution.errors ?? []).map((error) => {
    if (shownAsIs(error)) {
      const original = error.originalError;
      if (original instanceof AppError && !error.extensions?.code)
        return new GraphQLError(error.message, {
          nodes: error.nodes,
          path: error.path,
          originalError: original,
          extensions: {
            ...(original.code ? { code: original.code } : {}),
            ...(original.issues?.[0] ? { field: original.issues[0].path } : {}),
          },
        });
      return error;
    }
    reply?.log.error(
      { err: serializeError(error.originalError ?? error), path: error.path },
      'graphql error',
    );
    return new GraphQLError(requestId ? `${UNEXPECTED_ERROR} (request ${requestId})` : UNEXPECTED_ERROR, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR', ...(requestId ? { requestId } : {}) },
    });
  });
  return mercurius.defaultErrorFormatter({ ...execution, errors } as typeof execution, context);
};

function mergeResolvers(modules: GraphqlModule[]): IResolvers<unknown, GraphqlContext> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m.resolvers)) {
      merged[type] = { ...(merged[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  return merged as IResolvers<unknown, GraphqlContext>;
}

/**
 * A GraphQL endpoint (spec 2 §7 commerce query service, spec 3 §7 incentives service) as one
 * ordinary POST route: the route guard authenticates and authorises it like every other route,
 * then mercurius executes the query. Answers `{data}` or `{data, errors}` (errors[0].message is what
 * the client shows); a query that does not parse or validate answers 400 with `errors`.
 */
export function graphqlEndpoint(ctx: AppContext, endpoint: GraphqlEndpoint): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(mercurius, {
      schema: [endpoint.typeDefs, ...endpoint.modules.map((m) => m.typeDefs)].join('\n'),
      resolvers: mergeResolvers(endpoint.modules) as unknown as IResolvers,
      routes: false,
      jit: 0,
      graphiql: false,
      errorFormatter,
    });
    const graphql = (app as unknown as FastifyInstance).graphql;
    const costs: FieldCosts = Object.assign({}, ...endpoint.modules.map((m) => m.costs ?? {}));
    const execute: ExecuteGraphql = async ({ query, variables, operationName }, context) => {
      // Refused before mercurius validates or runs it: both grow with the document (ADR 019).
      try {
        analyseDocument(graphql.schema, query, {
          costs,
          mayIntrospect: context.staff.role === 'developer',
          variables,
        });
      } catch (err) {
        if (err instanceof GraphQLError) throw Object.assign(new Error(err.message), { errors: [err] });
        throw err;
      }
      return graphql(
        query,
        context,
        variables ?? undefined,
        operationName ?? undefined,
      ) as ReturnType<ExecuteGraphql>;
    };
    app.post(
      endpoint.path,
      {
        bodyLimit: GRAPHQL_BODY_LIMIT,
        config: { action: endpoint.action },
        schema: { tags: ['graphql'], body: GraphqlRequest },
      },
      async (request, reply) => {
        const context: GraphqlContext = { ctx, staff: request.staff!, reply };
        try {
          return await execute(request.body, context);
        } catch (err) {
          // Syntax and validation errors: the caller's query is wrong.
          const errors = graphqlErrors(err);
          if (errors) return reply.status(400).send({ data: null, errors });
          throw err;
        }
      },
    );
    endpoint.routes?.(app as unknown as FastifyInstance, execute);
  };
}

export function graphqlErrors(
  err: unknown,
): { message: string; extensions?: Record<string, unknown> }[] | null {
  const e = err as {
    errors?: { message: string; extensions?: Record<string, unknown> }[];
    statusCode?: number;
  };
  if (Array.isArray(e?.errors) && e.errors.length > 0) {
    return e.errors.map((x) =>
      x.extensions && Object.keys(x.extensions).length > 0
        ? { message: x.message, extensions: x.extensions }
        : { message: x.message },
    );
  }
  return null;
}
