import { Health } from '@domain/platform/dashboard';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { rows } from '../../platform/db';

const startedAt = Date.now();

/** GET /api/health: the process answers and the database does too. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { config: { action: 'public' }, schema: { tags: ['health'], response: { 200: Health } } },
      async () => {
        await rows(ctx.db, sql`select 1`);
        return {
          status: 'ok' as const,
          database: ctx.dbKind,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          version: process.env.npm_package_version ?? '0.1.0',
        };
      },
    );
  };
}
