import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Customer Service Back Office API',
        description:
          'Staff API of the back office. Sign in with POST /api/auth/login; send the returned token as `Authorization: Bearer <token>`. Browser sessions use the httpOnly cookie and must send `X-Requested-With: back-office` on writes.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'bo_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Over a hundred operations: the reference opens with its groups folded, one click each. Rendering
  // every operation unfolded at once stalled the page after its first group.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { config: { action: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
