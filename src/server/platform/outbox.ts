import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox, outboxSecrets } from '../db/schema';
import type { Db, DbOrTx } from './db';
import { escapeHtml } from './email-layout';
import type { Mailer } from './mailer';
import { backoffMs } from './poller';
import { findBareSecret, PLACEHOLDER_PATTERN, type SecretLink } from './secret-link';

export interface EmailInput {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  payload?: Record<string, unknown>;
  entityId?: string | null;
  /**
   * The one-time links whose placeholders the html and text carry (renderEmail lists the one of
   * its button): held apart and put back only when the email is sent (ADR 017).
   */
  secretLinks?: SecretLink[];
}

/** A programming error: the email or event would let readers of the Outbox see a one-time link. */
function refuse(template: string, why: string): never {
  throw new Error(`Outbox ${template}: ${why} (ADR 017: one-time links go in as SecretLink)`);
}

/** JSON as stored: a SecretLink inside becomes its placeholder here, once. */
const asStored = (payload: Record<string, unknown> | undefined): Record<string, unknown> =>
  JSON.parse(JSON.stringify(payload ?? {}));

function assertNoBareSecret(template: string, texts: (string | null)[]) {
  for (const text of texts) {
    const name = text && findBareSecret(text);
    if (name) refuse(template, `its stored text would carry a one-time link (${name}=…)`);
  }
}

/** Queues an email in the caller's transaction: it is sent only if the change commits. */
export async function enqueueEmail(tx: DbOrTx, email: EmailInput): Promise<number> {
  const payload = asStored(email.payload);
  const links = email.secretLinks ?? [];
  assertNoBareSecret(email.template, [email.subject, email.html, email.text, JSON.stringify(payload)]);
  const placeholders = new Set(links.map((link) => link.placeholder));
  if (placeholders.size !== links.length) refuse(email.template, 'two secret links share a description');
  for (const found of `${email.html}\n${email.text}`.matchAll(PLACEHOLDER_PATTERN)) {
    if (!placeholders.has(found[0])) refuse(email.template, `${found[0]} has no link to deliver`);
  }
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'email',
      template: email.template,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      payload,
      hiddenLinks: links.map((link) => link.what),
      entityId: email.entityId ?? null,
    })
    .returning({ id: outbox.id });
  if (links.length > 0) {
    await tx.insert(outboxSecrets).values({
      outboxId: row!.id,
      links: links.map((link) => ({ placeholder: link.placeholder, url: link.reveal() })),
      expiresAt: new Date(Math.min(...links.map((link) => link.expiresAt.getTime()))),
    });
  }
  return row!.id;
}

/** Queues an outbound event (e.g. a fraud decision) for the event handlers. */
export async function enqueueEvent(
  tx: DbOrTx,
  event: { template: string; payload: Record<string, unknown>; entityId?: string | null },
): Promise<number> {
  const payload = asStored(event.payload);
  assertNoBareSecret(event.template, [JSON.stringify(payload)]);
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'event',
      template: event.template,
      payload,
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
  hidden_links: string[];
  attempts: number;
  max_attempts: number;
}

type HeldLinks = { placeholder: string; url: string }[];

/** The links of an email outlived their lifetime before it could be sent: trying again cannot help. */
class LinksExpired extends Error {
  constructor() {
    super('Its one-time link expired before the email could be sent; the recipient needs a new one.');
  }
}

export type EventHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface OutboxDeps {
  db: Db;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  eventHandlers?: Readonly<Record<string, EventHandler>>;
  batchSize?: number;
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED (so any number of workers can run), delivers
 * them, and records the outcome. A message left in `sending` by a crashed worker is claimed again
 * once its lock expires. Returns how many messages were handled.
 */
export async function processOutbox(deps: OutboxDeps): Promise<number> {
  await deps.db.delete(outboxSecrets).where(sql`${outboxSecrets.expiresAt} <= now()`);
  const claimed: ClaimedRow[] = await deps.db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + interval '2 minutes'`,
    })
    .where(
      inArray(
        outbox.id,
        deps.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            or(
              and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)),
              and(eq(outbox.status, 'sending'), lt(outbox.lockedUntil, sql`now()`)),
            ),
          )
          .orderBy(outbox.id)
          .limit(deps.batchSize ?? 20)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({
      id: outbox.id,
      channel: outbox.channel,
      template: outbox.template,
      to_address: outbox.toAddress,
      subject: outbox.subject,
      html: outbox.html,
      text: outbox.text,
      payload: outbox.payload,
      hidden_links: outbox.hiddenLinks,
      attempts: outbox.attempts,
      max_attempts: outbox.maxAttempts,
    });
  const held = await heldLinks(deps.db, claimed);
  for (const msg of claimed) {
    const links = held.get(Number(msg.id)) ?? [];
    try {
      const outcome = await deliver(msg, links, deps);
      await deps.db
        .update(outbox)
        .set({
          status: outcome.status,
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          messageId: outcome.messageId,
        })
        .where(eq(outbox.id, msg.id));
      // Sent: the links are in the recipient's mailbox and nowhere else.
      if (outcome.status === 'sent' && links.length > 0)
        await deps.db.delete(outboxSecrets).where(sql`${outboxSecrets.outboxId} = ${msg.id}`);
    } catch (err) {
      // A mail server's refusal may quote the message: the links never reach the row or the log.
      const message = withoutLinks(err instanceof Error ? err.message : String(err), links);
      const giveUp = msg.attempts >= msg.max_attempts || err instanceof LinksExpired;
      const next = new Date(Date.now() + backoffMs(msg.attempts));
      deps.log.warn({ outboxId: msg.id, attempt: msg.attempts, error: message }, 'outbox delivery failed');
      await deps.db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: next,
        })
        .where(eq(outbox.id, msg.id));
    }
  }
  return claimed.length;
}

/** The held links of the claimed emails that carry some: read here and nowhere else. */
async function heldLinks(db: Db, claimed: ClaimedRow[]): Promise<Map<number, HeldLinks>> {
  const ids = claimed.filter((m) => m.hidden_links.length > 0).map((m) => Number(m.id));
  if (ids.length === 0) return new Map();
  const found = await db
    .select()
    .from(outboxSecrets)
    .where(inArray(outboxSecrets.outboxId, ids))
    .then((r) => r.filter((row) => row.expiresAt.getTime() > Date.now()));
  return new Map(found.map((row) => [row.outboxId, row.links]));
}

function withLinks(text: string, links: HeldLinks, encode: (url: string) => string): string {
  return links.reduce((out, link) => out.replaceAll(link.placeholder, encode(link.url)), text);
}

function withoutLinks(text: string, links: HeldLinks): string {
  return links.reduce(
    (out, link) =>
      out.replaceAll(link.url, link.placeholder).replaceAll(escapeHtml(link.url), link.placeholder),
    text,
  );
}

async function deliver(
  msg: ClaimedRow,
  links: HeldLinks,
  deps: OutboxDeps,
): Promise<{ status: 'sent' | 'stored'; messageId: string | null }> {
  if (msg.channel === 'email') {
    // Without SMTP the message stays readable in the Outbox screen, its one-time links hidden.
    if (!deps.mailer) return { status: 'stored', messageId: null };
    if (links.length < msg.hidden_links.length) throw new LinksExpired();
    const messageId = await deps.mailer.send({
      to: msg.to_address ?? '',
      subject: msg.subject ?? '',
      html: withLinks(msg.html ?? '', links, escapeHtml),
      text: withLinks(msg.text ?? '', links, (url) => url),
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
  const updated = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, attempts: 0, lastError: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'stored'])))
    .returning({ id: outbox.id });
  return updated.length > 0;
}
