import { z } from 'zod';

// Idempotency keys of the calls that move money (ADR 014, 021): product-credit adjustments, bulk
// ledgers and batch orders (upload confirm), refunds, purchases, incentive payouts. The key comes
// in the body (`idempotencyKey`; `selectionId` for payouts) or the `Idempotency-Key` header, and
// is required. The same key with the same body answers the first answer; with another body, 422.
// A screen makes one key per submission and keeps it when the same submission is sent again.

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
export const IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED';

export const IDEMPOTENCY_MESSAGES = {
  required:
    'An idempotency key is required: send idempotencyKey in the body or an Idempotency-Key header, and the same one when you send this request again.',
  format: 'idempotencyKey must be 8–100 letters, digits, _ . : or -',
  differ: 'The Idempotency-Key header and the idempotencyKey of the body differ.',
  reused: 'This idempotency key was already used for a different request.',
  inFlight: 'This request is already being processed. Try again in a moment.',
} as const;

/** The body's key: optional in the schema, since the header may carry it instead. */
export const idempotencyKeyField = () =>
  z.string().regex(IDEMPOTENCY_KEY, IDEMPOTENCY_MESSAGES.format).optional();

/**
 * The call's key from the body and the header: the one given, both only when equal. An error
 * message (400) when missing, malformed or contradictory.
 */
export function resolveIdempotencyKey(
  fromBody: string | null | undefined,
  fromHeader: string | string[] | undefined,
): { key: string } | { error: string } {
  if (Array.isArray(fromHeader)) return { error: IDEMPOTENCY_MESSAGES.differ };
  const header = fromHeader?.trim() || null;
  const body = fromBody?.trim() || null;
  if (header && body && header !== body) return { error: IDEMPOTENCY_MESSAGES.differ };
  const key = body ?? header;
  if (!key) return { error: IDEMPOTENCY_MESSAGES.required };
  if (!IDEMPOTENCY_KEY.test(key)) return { error: IDEMPOTENCY_MESSAGES.format };
  return { key };
}
