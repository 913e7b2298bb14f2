import { Dashboard, Health } from '@domain/platform/dashboard';
import { ok } from '@domain/platform/envelope';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { rows } from '../../platform/db';
import { dashboard } from './dashboard.service';

const startedAt = Date.now();

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard',
      {
        config: { action: 'records.read' },
        schema: { tags: ['dashboard'], response: { 200: ok(Dashboard) } },
      },
      async () => ({ success: true as const, data: await dashboard(ctx) }),
    );

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
