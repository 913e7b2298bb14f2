import { z } from 'zod';
import { JUMP_HINT } from './jump-hint';

// The jump box of the top bar (spec 1 §2 Customer screens): an account number (123 or M123), an order number (the
// order number staff read, also shown as F… or X… per spec 2 §2, or the 9-digit downstream
// number) or an email, and Enter lands on that record.

export type JumpQuery =
  | { kind: 'account'; phoenixId: number }
  | { kind: 'order'; orderNumber: number }
  /** Plain digits: an account number first, otherwise an order number. */
  | { kind: 'number'; value: number }
  | { kind: 'email'; email: string }
  | { kind: 'invalid' };

export { JUMP_HINT };

const MAX_DIGITS = 15;

export function classifyJumpQuery(raw: string): JumpQuery {
  const text = raw.trim();
  if (!text) return { kind: 'invalid' };
  if (text.includes('@')) {
    return z.email().safeParse(text).success
      ? { kind: 'email', email: text.toLowerCase() }
      : { kind: 'invalid' };
  }
  const match = /^([MmFfXx]?)(\d+)$/.exec(text);
  if (!match || match[2]!.length > MAX_DIGITS) return { kind: 'invalid' };
  const value = Number(match[2]);
  if (value < 1) return { kind: 'invalid' };
  const prefix = match[1]!.toUpperCase();
  if (prefix === 'M') return { kind: 'account', phoenixId: value };
  if (prefix === 'F' || prefix === 'X') return { kind: 'order', orderNumber: value };
  return { kind: 'number', value };
}

export const ResolveQuery = z.object({ q: z.string().max(254, JUMP_HINT) });

export const ResolveTarget = z.object({
  kind: z.enum(['customer', 'order']),
  /** The customer (for an order: the order's customer). */
  uid: z.string(),
  /** The order document id, used in /orders/{id}/info. */
  orderId: z.string().optional(),
  /** What was found, in words ("Jane Doe (M1234)", "Order F1234567"). */
  label: z.string(),
});
export type ResolveTarget = z.infer<typeof ResolveTarget>;
export const ResolveAnswer = z.object({ success: z.literal(true), data: ResolveTarget });

export const jumpNotFoundMessage = (q: string) => `No customer or order matches “${q.trim()}”. ${JUMP_HINT}`;
