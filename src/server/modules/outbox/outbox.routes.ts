import { ok, paged } from '@domain/platform/envelope';
import { OutboxListQuery, OutboxMessage, OutboxMessageSummary } from '@domain/platform/outbox';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { retryOutboxMessage } from '../../platform/outbox';

type Row = typeof outbox.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const toSummary = (r: Row): OutboxMessageSummary => ({
  id: r.id,
  channel: r.channel,
  template: r.template,
  toAddress: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: iso(r.sentAt),
  nextAttemptAt: r.nextAttemptAt.toISOString(),
});

const toMessage = (r: Row): OutboxMessage => ({
  ...toSummary(r),
  html: r.html,
  text: r.text,
  payload: r.payload,
  entityId: r.entityId,
  messageId: r.messageId,
});

const config = { action: 'developer.tools' } as const;
const tags = ['outbox'];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The Outbox screen (developers): every email and outbound event, with its delivery state. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/outbox',
      {
        config,
        schema: { tags, querystring: OutboxListQuery, response: { 200: paged(OutboxMessageSummary) } },
      },
      async (request) => {
        const { status, q, page, limit } = request.query;
        const where: SQL[] = [];
        if (status) where.push(eq(outbox.status, status));
        if (q) {
          const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          where.push(
            sql`(lower(${outbox.toAddress}) like ${like} or lower(${outbox.subject}) like ${like} or lower(${outbox.template}) like ${like})`,
          );
        }
        const filter = where.length ? and(...where) : undefined;
        const [rows, [count]] = await Promise.all([
          ctx.db
            .select()
            .from(outbox)
            .where(filter)
            .orderBy(desc(outbox.id))
            .limit(limit)
            .offset((page - 1) * limit),
          ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(filter),
        ]);
        return { success: true as const, data: rows.map(toSummary), page, limit, total: count?.n ?? 0 };
      },
    );

    app.get(
      '/api/outbox/:id',
      { config, schema: { tags, params: IdParams, response: { 200: ok(OutboxMessage) } } },
      async (request) => {
        const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, request.params.id));
        if (!row) throw notFound('No message with that id.');
        return { success: true as const, data: toMessage(row) };
      },
    );

    app.post(
      '/api/outbox/:id/retry',
      { config, schema: { tags, params: IdParams, response: { 200: ok(OutboxMessageSummary) } } },
      async (request) => {
        const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, request.params.id));
        if (!row) throw notFound('No message with that id.');
        await retryOutboxMessage(ctx.db, row.id);
        ctx.wakeOutbox();
        const [after] = await ctx.db.select().from(outbox).where(eq(outbox.id, row.id));
        return { success: true as const, data: toSummary(after!) };
      },
    );
  };
}
