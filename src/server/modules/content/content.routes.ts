import { ContentAnswer, ContentPageAnswer, ContentPageQuery, ContentQuery } from '@domain/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { isFlagOn } from '../flags/flags.service';
import { content, contentPage } from './content.service';

// GET /api/content (spec 3 §7 content service; path not shown, docs/api.md): by type or page url.

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/content',
      {
        config: { action: 'records.read' },
        schema: { tags: ['content'], querystring: ContentQuery, response: { 200: ContentAnswer } },
      },
      async (request) => {
        // Spec 3 §4: flag contentDrafts gates drafts; off, drafts are never shown, asked for or not.
        const drafts = request.query.drafts && (await isFlagOn(ctx.db, 'contentDrafts'));
        return { success: true as const, data: await content(ctx, { ...request.query, drafts }) };
      },
    );

    app.get(
      '/api/content/page',
      {
        config: { action: 'records.read' },
        schema: { tags: ['content'], querystring: ContentPageQuery, response: { 200: ContentPageAnswer } },
      },
      async (request) => {
        const drafts = request.query.drafts && (await isFlagOn(ctx.db, 'contentDrafts'));
        return { success: true as const, data: await contentPage(ctx, { ...request.query, drafts }) };
      },
    );
  };
}
