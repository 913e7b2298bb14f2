import { ContentAnswer, ContentQuery } from '@domain/ordering';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { content } from './content.service';

// GET /api/content (spec 3 §7 content service; path not shown, README): by type or page url.

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/content',
      {
        config: { action: 'records.read' },
        schema: { tags: ['content'], querystring: ContentQuery, response: { 200: ContentAnswer } },
      },
      async (request) => ({ success: true as const, data: await content(ctx, request.query) }),
    );
  };
}
