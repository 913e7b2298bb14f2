import { z } from 'zod';

// The payment gateway port (DESIGN §2 card payments; docs/decisions/013-payment-gateway.md).
// Money in cents. Every call that moves money carries an idempotency key: the same key with the
// same request answers the first result (`replayed: true`), never a second movement; the same key
// with another request is refused (IDEMPOTENCY_KEY_REUSED). A key whose attempt failed may be
// tried again with the same request (a retry), which updates that attempt. A real processor is
// put behind this interface by an adapter; the built-in one lives in src/server/modules/payments.

export type TransactionKind = 'authorize' | 'capture' | 'charge' | 'refund' | 'void';
export type TransactionStatus = 'succeeded' | 'failed' | 'pending';

export const GATEWAY_ERRORS = {
  cardDeclined: 'card_declined',
  insufficientFunds: 'insufficient_funds',
  refundFailed: 'refund_failed',
  processorTimeout: 'processor_timeout',
  refundExceedsRemaining: 'refund_exceeds_remaining',
  unknownTransaction: 'unknown_transaction',
  notCapturable: 'not_capturable',
  notVoidable: 'not_voidable',
  invalidToken: 'invalid_token',
  cardUnavailable: 'card_unavailable',
  invalidRequest: 'invalid_request',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type GatewayErrorCode = (typeof GATEWAY_ERRORS)[keyof typeof GATEWAY_ERRORS];

export interface GatewayResult {
  /** The gateway's transaction id (kept also when the attempt failed). */
  transactionId: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amountCents: number;
  currency: string;
  /** The transaction this one acts on (captures, voids, refunds). */
  parentTransactionId: string | null;
  /** Set when status is failed. */
  error: { code: GatewayErrorCode; message: string } | null;
  /** true: the key had been used with this request before and this is that result. */
  replayed: boolean;
  /** Saved card, for charges made with saveCard. */
  cardId: string | null;
}

/** Where a charge takes the money from: a fresh token from /gateway/v1/cards or a saved card. */
export type PaymentSource = { token: string } | { cardId: string };

export interface ChargeRequest {
  source: PaymentSource;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  orderId?: string | null;
  /** false: authorize only, capture later (default true: authorize and capture). */
  capture?: boolean;
  /** Save the tokenised card on the account (the token's card becomes a card on file). */
  saveCard?: { accountUid: string; countryId: number; cardholderName?: string | null };
}

export interface CaptureRequest {
  transactionId: string;
  /** Defaults to the authorized amount; never more. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface VoidRequest {
  transactionId: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  /** The charge (or captured authorization) to refund. */
  transactionId: string;
  amountCents: number;
  idempotencyKey: string;
  orderId?: string | null;
}

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentGateway {
  /** Card details in, a single-use token out (brand and last 4 only are kept). */
  tokenizeCard(card: CardDetails): Promise<CardToken>;
  charge(request: ChargeRequest): Promise<GatewayResult>;
  capture(request: CaptureRequest): Promise<GatewayResult>;
  void(request: VoidRequest): Promise<GatewayResult>;
  /** Refunds part or all of a transaction; never more than what remains on it. */
  refund(request: RefundRequest): Promise<GatewayResult>;
  /** What can still be refunded on a transaction (captured − refunded, pending refunds included). */
  refundable(transactionId: string): Promise<number>;
}

/** A gateway answer the caller got wrong (unknown transaction, reused key …), not a decline. */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Test cards of the built-in gateway (any future expiry, any CVV, any postal code). Every other
 * number that passes the Luhn check behaves as a normal card.
 */
export const TEST_CARDS = {
  /** Charges and authorizations are declined. */
  '4000000000000002': 'decline',
  /** Charges and authorizations fail with insufficient funds. */
  '4000000000009995': 'insufficient_funds',
  /** Charges succeed; every refund of them fails. */
  '4000000000000341': 'refund_fails',
  /** Charges succeed; the first attempt of each refund fails (processor timeout), a retry succeeds. */
  '4000000000000259': 'refund_fails_once',
} as const satisfies Record<string, string>;
export type Simulation = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

export const GATEWAY_MESSAGES = {
  number: 'Card number is not valid.',
  cvv: 'CVV must be 3 or 4 digits.',
  expiry: 'Expiry must be a future month (MM/YY).',
  postalCode: 'Postal code is required.',
} as const;

/** POST /gateway/v1/cards: the card form's fields. */
export const CardDetails = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine(luhnValid, GATEWAY_MESSAGES.number),
  cvv: z.string().regex(/^\d{3,4}$/, GATEWAY_MESSAGES.cvv),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, GATEWAY_MESSAGES.expiry),
  postalCode: z.string().trim().min(1, GATEWAY_MESSAGES.postalCode).max(10),
});
export type CardDetails = z.input<typeof CardDetails>;

export const CardTokenAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  }),
});

/** Month and full year of an "MM/YY" or "MM/YYYY" expiry. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [m, y] = expiry.split('/').map((s) => s.trim());
  const year = Number(y);
  return { month: Number(m), year: year < 100 ? 2000 + year : year };
}

export function expiryInFuture(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year > y || (expiry.year === y && expiry.month >= m);
}
