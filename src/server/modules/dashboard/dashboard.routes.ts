import { Dashboard } from '@domain/platform/dashboard';
import { ok } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { dashboard } from './dashboard.service';

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
  };
}
