import {
  RECONCILIATION_MESSAGES,
  ReconciliationPage,
  ReconciliationQuery,
  StartRunResponse,
} from '@domain/reconciliation/reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppContext, actorOf } from '../../platform/context';
import * as service from './reconciliation.service';

// Money reconciliation (ADR 025): the latest run with the open discrepancies, and a run on
// demand. Leaders and developers (`reconciliation.read`, `reconciliation.run`).

const tags = ['reconciliation'];

export function reconciliationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reconciliation',
      {
        config: { action: 'reconciliation.read' },
        schema: { tags, querystring: ReconciliationQuery, response: { 200: ReconciliationPage } },
      },
      async (request) => {
        const { page, limit, kind } = request.query;
        const { hasMore, ...data } = await service.reconciliationPage(ctx, page, limit, kind);
        return { success: true as const, data, page, limit, hasMore };
      },
    );

    app.post(
      '/api/reconciliation/run',
      {
        config: { action: 'reconciliation.run' },
        schema: { tags, response: { 200: StartRunResponse, 202: StartRunResponse } },
      },
      async (request, reply) => {
        const answer = await service.requestRun(ctx, { trigger: 'manual', actor: actorOf(request.staff!) });
        if (!answer) throw new Error('no reconciliation run could be queued or found');
        return reply.status(answer.started ? 202 : 200).send({
          success: true as const,
          message: answer.started ? RECONCILIATION_MESSAGES.started : RECONCILIATION_MESSAGES.alreadyRunning,
          started: answer.started,
          data: service.runView(answer.run),
        });
      },
    );
  };
}
