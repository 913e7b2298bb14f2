import { orderNumberLabel } from '@domain/customers/order-status';
import type { OutboxListQuery, OutboxMessage, OutboxMessageSummary } from '@domain/platform/outbox';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orders, outbox } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { retryOutboxMessage } from '../../platform/outbox';
import { hideBareSecrets, hideBareSecretsIn } from '../../platform/secret-link';
import { containsPattern } from '../../platform/sql';

type Row = typeof outbox.$inferSelect;

// Emails are stored with their one-time links as placeholders and the links held elsewhere
// (outbox_secrets, read by the delivery step only; ADR 017). What is shown is hidden once more in
// case a row predates that or a link slipped in by another way.
const shown = (text: string | null) => (text === null ? null : hideBareSecrets(text));

const toSummary = (r: Row): OutboxMessageSummary => ({
  id: r.id,
  channel: r.channel,
  template: r.template,
  toAddress: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: shown(r.lastError),
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  hiddenLinks: r.hiddenLinks,
});

const toMessage = (r: Row, order: OutboxMessage['order']): OutboxMessage => ({
  ...toSummary(r),
  html: shown(r.html),
  text: shown(r.text),
  payload: hideBareSecretsIn(r.payload),
  entityId: r.entityId,
  order,
  messageId: r.messageId,
});

/** An order's emails and events carry its document id; the screen names it by its number. */
async function orderOf(ctx: AppContext, entityId: string | null): Promise<OutboxMessage['order']> {
  if (!entityId) return null;
  const [found] = await ctx.db
    .select({ id: orders.id, orderId: orders.orderId, userType: orders.customerUserType })
    .from(orders)
    .where(eq(orders.id, entityId));
  return found ? { id: found.id, orderNumber: orderNumberLabel(found.orderId, found.userType) } : null;
}

/** Newest first, filtered by status and by recipient, subject or template. */
export async function listOutbox(ctx: AppContext, query: z.output<typeof OutboxListQuery>) {
  const { status, q, page, limit } = query;
  const where: SQL[] = [];
  if (status) where.push(eq(outbox.status, status));
  if (q) {
    const like = containsPattern(q);
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
  return { data: rows.map(toSummary), page, limit, total: count?.n ?? 0 };
}

async function load(ctx: AppContext, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound('No message with that id.');
  return row;
}

export async function getOutboxMessage(ctx: AppContext, id: number): Promise<OutboxMessage> {
  const row = await load(ctx, id);
  return toMessage(row, await orderOf(ctx, row.entityId));
}

/** Makes a failed or stored message due again and wakes the worker. */
export async function retryMessage(ctx: AppContext, id: number): Promise<OutboxMessageSummary> {
  await load(ctx, id);
  await retryOutboxMessage(ctx.db, id);
  ctx.wakeOutbox();
  return toSummary(await load(ctx, id));
}
