import { z } from 'zod';
import { ok, paged } from './envelope';
import { decimalInt } from './ids';
import { OUTBOX_STATUSES } from './outbox-constants';

export { OUTBOX_STATUSES } from './outbox-constants';

export const OutboxMessageSummary = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'event']),
  template: z.string(),
  toAddress: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  /**
   * The one-time links the email carries ("password link"). Only the recipient receives them;
   * here each is a placeholder (ADR 017).
   */
  hiddenLinks: z.array(z.string()),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummary>;

export const OutboxMessage = OutboxMessageSummary.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  entityId: z.string().nullable(),
  /**
   * When the entity is an order: its document id (for the link) and the number staff read
   * (F/X + order number, spec 2 §2), which is what the screen shows instead of the id.
   */
  order: z.object({ id: z.string(), orderNumber: z.string() }).nullable(),
  messageId: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** The screen's answers, checked in the browser in development only (ADR 043). */
export const OutboxPageAnswer = paged(OutboxMessageSummary);
export const OutboxMessageAnswer = ok(OutboxMessage);

export const OutboxListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  page: decimalInt(1, 1_000_000).default(1),
  limit: decimalInt(1, 100).default(25),
});
export type OutboxListQuery = z.input<typeof OutboxListQuery>;
/** The list query after defaults: page and limit are always numbers (the screen's). */
export type OutboxListParams = z.output<typeof OutboxListQuery>;
