import type { RouteAction } from '@domain/auth/permissions';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeDocument, ERROR_BODY_SCHEMA, ERROR_COMPONENTS } from './openapi-contract';

/** OpenAPI generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance) {
  // Each route's permission action, by method and OpenAPI path, for the document's security.
  const actions = new Map<string, RouteAction>();
  app.addHook('onRoute', (route) => {
    const action = (route.config as { action?: RouteAction } | undefined)?.action;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat())
      if (action) actions.set(`${method.toLowerCase()} ${path}`, action);
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Customer Service Back Office API',
        description:
          'Staff API of the back office. Sign in with POST /api/auth/login; send the returned token as `Authorization: Bearer <token>`. Browser sessions use the httpOnly cookie and must send `X-Requested-With: back-office` on writes.',
        version: '0.1.0',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'bo_session' },
        },
        schemas: { ErrorBody: ERROR_BODY_SCHEMA },
        responses: ERROR_COMPONENTS,
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? completeDocument(document.openapiObject as Record<string, unknown>, (method, path) =>
            actions.get(`${method} ${path}`),
          )
        : document.swaggerObject,
  });
  // Over a hundred operations: the reference opens with its groups folded, one click each. Rendering
  // every operation unfolded at once stalled the page after its first group.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { config: { action: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
