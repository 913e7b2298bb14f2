import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox } from '../db/schema';
import { type Db, type DbOrTx, rows } from './db';
import type { Mailer } from './mailer';
import { backoffMs } from './poller';

export interface EmailInput {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  payload?: Record<string, unknown>;
  entityId?: string | null;
}

/** Queues an email in the caller's transaction: it is sent only if the change commits. */
export async function enqueueEmail(tx: DbOrTx, email: EmailInput): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'email',
      template: email.template,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      payload: email.payload ?? {},
      entityId: email.entityId ?? null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/** Queues an outbound event (e.g. a fraud decision) for the event handlers. */
export async function enqueueEvent(
  tx: DbOrTx,
  event: { template: string; payload: Record<string, unknown>; entityId?: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'event',
      template: event.template,
      payload: event.payload,
      entityId: event.entityId ?? null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

interface ClaimedRow {
  id: number;
  channel: 'email' | 'event';
  template: string;
  to_address: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export type EventHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface OutboxDeps {
  db: Db;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  eventHandlers?: Record<string, EventHandler>;
  batchSize?: number;
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED (so any number of workers can run), delivers
 * them, and records the outcome. A message left in `sending` by a crashed worker is claimed again
 * once its lock expires. Returns how many messages were handled.
 */
export async function processOutbox(deps: OutboxDeps): Promise<number> {
  const claimed = await rows<ClaimedRow>(
    deps.db,
    sql`update outbox set status = 'sending', attempts = attempts + 1,
          locked_until = now() + interval '2 minutes'
        where id in (
          select id from outbox
          where (status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and locked_until < now())
          order by id
          limit ${deps.batchSize ?? 20}
          for update skip locked)
        returning id, channel, template, to_address, subject, html, text, payload, attempts, max_attempts`,
  );
  for (const msg of claimed) {
    try {
      const outcome = await deliver(msg, deps);
      await deps.db.execute(
        sql`update outbox set status = ${outcome.status}, sent_at = now(), locked_until = null,
              last_error = null, message_id = ${outcome.messageId}
            where id = ${msg.id}`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = msg.attempts >= msg.max_attempts;
      const next = new Date(Date.now() + backoffMs(msg.attempts));
      deps.log.warn({ outboxId: msg.id, attempt: msg.attempts, err }, 'outbox delivery failed');
      await deps.db.execute(
        sql`update outbox set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message},
              locked_until = null, next_attempt_at = ${next.toISOString()}
            where id = ${msg.id}`,
      );
    }
  }
  return claimed.length;
}

async function deliver(
  msg: ClaimedRow,
  deps: OutboxDeps,
): Promise<{ status: 'sent' | 'stored'; messageId: string | null }> {
  if (msg.channel === 'email') {
    // Without SMTP the message stays readable in the Outbox screen.
    if (!deps.mailer) return { status: 'stored', messageId: null };
    const messageId = await deps.mailer.send({
      to: msg.to_address ?? '',
      subject: msg.subject ?? '',
      html: msg.html ?? '',
      text: msg.text ?? '',
    });
    return { status: 'sent', messageId };
  }
  const handler = deps.eventHandlers?.[msg.template];
  if (!handler) return { status: 'stored', messageId: null };
  await handler(msg.payload);
  return { status: 'sent', messageId: null };
}

/** Makes a failed or stored message due again (Outbox screen, retry). */
export async function retryOutboxMessage(db: DbOrTx, id: number): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`update outbox set status = 'pending', next_attempt_at = now(), attempts = 0, last_error = null
        where id = ${id} and status in ('failed', 'stored') returning id`,
  );
  return updated.length > 0;
}
