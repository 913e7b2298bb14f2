import { Dashboard } from '@domain/platform/dashboard';
import { ok } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedLoader } from '../../platform/cache';
import type { AppContext } from '../../platform/context';
import { jsonAnswer, sendJsonAnswer } from '../../platform/json-answer';
import { dashboard } from './dashboard.service';

/** Every signed-in screen opens on the dashboard; it refreshes each minute, so 30 s old is fresh enough. */
const DASHBOARD_TTL_MS = 30_000;

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const Answer = ok(Dashboard);
    const overview = cachedLoader(DASHBOARD_TTL_MS, async () =>
      jsonAnswer(Answer, { success: true as const, data: await dashboard(ctx) }),
    );
    app.get(
      '/api/dashboard',
      {
        config: { action: 'records.read' },
        schema: { tags: ['dashboard'], response: { 200: Answer } },
      },
      async (_request, reply) => sendJsonAnswer(reply, await overview.get()),
    );
  };
}
