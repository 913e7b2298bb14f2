import { ok, paged } from '@domain/platform/envelope';
import { integerId } from '@domain/platform/ids';
import { OutboxListQuery, OutboxMessage, OutboxMessageSummary } from '@domain/platform/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { getOutboxMessage, listOutbox, retryMessage } from './outbox.service';

const config = { action: 'developer.tools' } as const;
const tags = ['outbox'];
const IdParams = z.object({ id: integerId('Not an outbox message id') });

/** The Outbox screen (developers): every email and outbound event, with its delivery state. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/outbox',
      {
        config,
        schema: { tags, querystring: OutboxListQuery, response: { 200: paged(OutboxMessageSummary) } },
      },
      async (request) => ({ success: true as const, ...(await listOutbox(ctx, request.query)) }),
    );

    app.get(
      '/api/outbox/:id',
      { config, schema: { tags, params: IdParams, response: { 200: ok(OutboxMessage) } } },
      async (request) => ({ success: true as const, data: await getOutboxMessage(ctx, request.params.id) }),
    );

    app.post(
      '/api/outbox/:id/retry',
      { config, schema: { tags, params: IdParams, response: { 200: ok(OutboxMessageSummary) } } },
      async (request) => ({ success: true as const, data: await retryMessage(ctx, request.params.id) }),
    );
  };
}
