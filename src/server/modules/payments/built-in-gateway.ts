import {
  type CaptureRequest,
  CardDetails,
  type CardToken,
  type ChargeRequest,
  cardBrand,
  expiryInFuture,
  GATEWAY_ERRORS,
  GATEWAY_MESSAGES,
  GatewayError,
  type GatewayErrorCode,
  type GatewayResult,
  type PaymentGateway,
  parseExpiry,
  type RefundRequest,
  type Simulation,
  TEST_CARDS,
  type TransactionKind,
  type VoidRequest,
} from '@domain/payments/gateway';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentCards, paymentTokens, paymentTransactions } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { alphanumericId, sha256 } from '../../platform/ids';

// The built-in payment gateway (DESIGN §2; ADR 013) over payment_tokens, payment_cards and the
// payment_transactions ledger. Each call is one database transaction: the idempotency key is
// claimed by inserting its ledger row first (the unique index decides between racing callers),
// and a refund locks the transaction it refunds, so two refunds of one charge queue and never
// together exceed what was captured.

type TxRow = typeof paymentTransactions.$inferSelect;

/** Deterministic failures for tests: a failure code for a refund, or null to go on normally. */
export interface GatewayFaults {
  refund?(request: RefundRequest, attempt: number): GatewayErrorCode | null;
}

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const MESSAGES: Partial<Record<GatewayErrorCode, string>> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  refund_failed: 'The card processor refused the refund.',
  processor_timeout: 'The card processor did not answer in time.',
};
const messageOf = (code: GatewayErrorCode) => MESSAGES[code] ?? code;

function toResult(row: TxRow, replayed: boolean, cardId: string | null = null): GatewayResult {
  return {
    transactionId: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    parentTransactionId: row.parentTransactionId,
    error:
      row.status === 'failed'
        ? {
            code: (row.errorCode ?? GATEWAY_ERRORS.refundFailed) as GatewayErrorCode,
            message: row.error ?? '',
          }
        : null,
    replayed,
    cardId: cardId ?? (row.kind === 'charge' || row.kind === 'authorize' ? row.cardId : null),
  };
}

const hashOf = (kind: TransactionKind, request: object) => sha256(JSON.stringify({ kind, ...request }));

function positiveCents(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new GatewayError(GATEWAY_ERRORS.invalidRequest, 'Amount must be a positive number of cents.');
}

interface Outcome {
  status: TxRow['status'];
  errorCode?: GatewayErrorCode | null;
  amountCents: number;
  currency: string;
  cardId?: string | null;
  orderId?: string | null;
  parentTransactionId?: string | null;
  simulate?: string | null;
}

export class BuiltInGateway implements PaymentGateway {
  constructor(
    private readonly db: Db,
    private readonly faults: GatewayFaults = {},
  ) {}

  async tokenizeCard(input: CardDetails, now = new Date()): Promise<CardToken> {
    const parsed = CardDetails.safeParse(input);
    if (!parsed.success)
      throw new GatewayError(
        GATEWAY_ERRORS.invalidRequest,
        parsed.error.issues[0]?.message ?? 'Invalid card',
      );
    const card = parsed.data;
    const expiry = parseExpiry(card.expiry);
    if (!expiryInFuture(expiry, now))
      throw new GatewayError(GATEWAY_ERRORS.invalidRequest, GATEWAY_MESSAGES.expiry);
    const simulate: Simulation | null = TEST_CARDS[card.number as keyof typeof TEST_CARDS] ?? null;
    // The number and CVV end here: only brand, last 4, expiry and postal code are kept.
    const [row] = await this.db
      .insert(paymentTokens)
      .values({
        id: `tok_${alphanumericId(24)}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
        postalCode: card.postalCode,
        simulate,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
      })
      .returning();
    return {
      token: row!.id,
      brand: row!.brand,
      last4: row!.last4,
      expMonth: row!.expMonth,
      expYear: row!.expYear,
    };
  }

  /**
   * One idempotent call: claims the key (or finds it), then runs `decide` unless the key's first
   * result stands. A failed attempt is attempted again under the same key.
   */
  private async once(
    kind: TransactionKind,
    key: string,
    request: object,
    decide: (tx: DbOrTx, attempt: number) => Promise<Outcome>,
    lockFirst?: (tx: DbOrTx) => Promise<unknown>,
  ): Promise<GatewayResult> {
    const requestHash = hashOf(kind, request);
    return this.db.transaction(async (tx) => {
      if (lockFirst) await lockFirst(tx);
      const claimed = await tx
        .insert(paymentTransactions)
        .values({
          id: `txn_${alphanumericId(24)}`,
          kind,
          amountCents: 0,
          currency: 'USD',
          idempotencyKey: key,
          status: 'pending',
          requestHash,
          attempts: 0,
        })
        .onConflictDoNothing({ target: paymentTransactions.idempotencyKey })
        .returning();
      let row = claimed[0];
      if (!row) {
        [row] = await tx
          .select()
          .from(paymentTransactions)
          .where(eq(paymentTransactions.idempotencyKey, key))
          .for('update');
        if (!row) throw new Error('idempotency row vanished');
        // Rows recorded before request hashes were kept match on kind, amount and parent.
        const legacy =
          row.requestHash === null &&
          row.amountCents === (request as { amountCents?: number }).amountCents &&
          (row.parentTransactionId ?? null) ===
            ((request as { transactionId?: string }).transactionId ?? null);
        if ((row.requestHash !== requestHash && !legacy) || row.kind !== kind)
          throw new GatewayError(
            GATEWAY_ERRORS.keyReused,
            'This idempotency key was used with a different request.',
          );
        if (row.status !== 'failed') return toResult(row, true);
      }
      const outcome = await decide(tx, row.attempts + 1);
      const [saved] = await tx
        .update(paymentTransactions)
        .set({
          status: outcome.status,
          amountCents: outcome.amountCents,
          currency: outcome.currency,
          cardId: outcome.cardId ?? null,
          orderId: outcome.orderId ?? null,
          parentTransactionId: outcome.parentTransactionId ?? null,
          simulate: outcome.simulate ?? null,
          errorCode: outcome.errorCode ?? null,
          error: outcome.errorCode ? messageOf(outcome.errorCode) : null,
          attempts: row.attempts + 1,
          updatedAt: new Date(),
        })
        .where(eq(paymentTransactions.id, row.id))
        .returning();
      return toResult(saved!, false, outcome.cardId ?? null);
    });
  }

  charge(request: ChargeRequest): Promise<GatewayResult> {
    positiveCents(request.amountCents);
    const kind = request.capture === false ? 'authorize' : 'charge';
    const { idempotencyKey, ...rest } = request;
    return this.once(kind, idempotencyKey, rest, async (tx) => {
      const source = await this.sourceOf(tx, request, idempotencyKey);
      const failure =
        source.simulate === 'decline'
          ? GATEWAY_ERRORS.cardDeclined
          : source.simulate === 'insufficient_funds'
            ? GATEWAY_ERRORS.insufficientFunds
            : null;
      return {
        status: failure ? 'failed' : 'succeeded',
        errorCode: failure,
        amountCents: request.amountCents,
        currency: request.currency,
        cardId: source.cardId,
        orderId: request.orderId ?? null,
        simulate: source.simulate,
      };
    });
  }

  /** The card a charge uses: a token (used once; saved as a card on file when asked) or a saved card. */
  private async sourceOf(tx: DbOrTx, request: ChargeRequest, key: string) {
    if ('cardId' in request.source) {
      const [card] = await tx.select().from(paymentCards).where(eq(paymentCards.id, request.source.cardId));
      if (!card || card.disabled)
        throw new GatewayError(GATEWAY_ERRORS.cardUnavailable, 'That card is not available.');
      return { cardId: card.id, simulate: card.simulate };
    }
    const [token] = await tx
      .select()
      .from(paymentTokens)
      .where(eq(paymentTokens.id, request.source.token))
      .for('update');
    if (!token || token.expiresAt < new Date() || (token.usedBy && token.usedBy !== key))
      throw new GatewayError(
        GATEWAY_ERRORS.invalidToken,
        'The card token is unknown, expired or already used.',
      );
    await tx.update(paymentTokens).set({ usedBy: key }).where(eq(paymentTokens.id, token.id));
    if (!request.saveCard) return { cardId: null, simulate: token.simulate };
    const [card] = await tx
      .insert(paymentCards)
      .values({
        id: `ccof_${alphanumericId(24)}`,
        accountUid: request.saveCard.accountUid,
        brand: token.brand,
        last4: token.last4,
        expMonth: token.expMonth,
        expYear: token.expYear,
        countryId: request.saveCard.countryId,
        cardholderName: request.saveCard.cardholderName ?? null,
        simulate: token.simulate,
      })
      .returning();
    return { cardId: card!.id, simulate: token.simulate };
  }

  private async lockTransaction(tx: DbOrTx, id: string): Promise<TxRow> {
    const [row] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
      .for('update');
    if (
      !row ||
      row.kind === 'refund' ||
      row.kind === 'void' ||
      row.kind === 'capture' ||
      row.status !== 'succeeded'
    )
      throw new GatewayError(GATEWAY_ERRORS.unknownTransaction, 'No such payment to act on.');
    return row;
  }

  private async children(tx: DbOrTx, id: string, kinds: TransactionKind[], exceptKey?: string) {
    const rows = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.parentTransactionId, id),
          inArray(paymentTransactions.kind, kinds),
          inArray(paymentTransactions.status, ['succeeded', 'pending']),
          exceptKey ? sql`${paymentTransactions.idempotencyKey} <> ${exceptKey}` : undefined,
        ),
      );
    return rows;
  }

  capture(request: CaptureRequest): Promise<GatewayResult> {
    if (request.amountCents !== undefined) positiveCents(request.amountCents);
    const { idempotencyKey, ...rest } = request;
    let parent: TxRow;
    return this.once(
      'capture',
      idempotencyKey,
      rest,
      async (tx) => {
        if (parent.kind !== 'authorize')
          throw new GatewayError(GATEWAY_ERRORS.notCapturable, 'Only an authorization can be captured.');
        const done = await this.children(tx, parent.id, ['capture', 'void'], idempotencyKey);
        if (done.length > 0)
          throw new GatewayError(
            GATEWAY_ERRORS.notCapturable,
            'This authorization is already captured or voided.',
          );
        const amount = request.amountCents ?? parent.amountCents;
        if (amount > parent.amountCents)
          throw new GatewayError(
            GATEWAY_ERRORS.notCapturable,
            'A capture cannot exceed the authorized amount.',
          );
        return {
          status: 'succeeded',
          amountCents: amount,
          currency: parent.currency,
          cardId: parent.cardId,
          orderId: parent.orderId,
          parentTransactionId: parent.id,
          simulate: parent.simulate,
        };
      },
      async (tx) => {
        parent = await this.lockTransaction(tx, request.transactionId);
      },
    );
  }

  void(request: VoidRequest): Promise<GatewayResult> {
    const { idempotencyKey, ...rest } = request;
    let parent: TxRow;
    return this.once(
      'void',
      idempotencyKey,
      rest,
      async (tx) => {
        const done = await this.children(tx, parent.id, ['capture', 'void'], idempotencyKey);
        if (parent.kind !== 'authorize' || done.length > 0)
          throw new GatewayError(
            GATEWAY_ERRORS.notVoidable,
            'Only an authorization not yet captured can be voided.',
          );
        return {
          status: 'succeeded',
          amountCents: parent.amountCents,
          currency: parent.currency,
          cardId: parent.cardId,
          orderId: parent.orderId,
          parentTransactionId: parent.id,
        };
      },
      async (tx) => {
        parent = await this.lockTransaction(tx, request.transactionId);
      },
    );
  }

  /** Captured amount of a charge or authorization, less refunds succeeded or pending. */
  private async remaining(tx: DbOrTx, parent: TxRow, exceptKey?: string): Promise<number> {
    let captured = parent.amountCents;
    if (parent.kind === 'authorize') {
      const captures = await this.children(tx, parent.id, ['capture']);
      captured = captures.filter((c) => c.status === 'succeeded').reduce((s, c) => s + c.amountCents, 0);
    }
    const refunds = await this.children(tx, parent.id, ['refund'], exceptKey);
    return captured - refunds.reduce((s, r) => s + r.amountCents, 0);
  }

  refund(request: RefundRequest): Promise<GatewayResult> {
    positiveCents(request.amountCents);
    const { idempotencyKey, ...rest } = request;
    let parent: TxRow;
    return this.once(
      'refund',
      idempotencyKey,
      rest,
      async (tx, attempt) => {
        const left = await this.remaining(tx, parent, idempotencyKey);
        if (request.amountCents > left)
          throw new GatewayError(
            GATEWAY_ERRORS.refundExceedsRemaining,
            `A refund of ${request.amountCents} cents exceeds the ${left} cents that remain on this payment.`,
          );
        const failure =
          this.faults.refund?.(request, attempt) ??
          (parent.simulate === 'refund_fails'
            ? GATEWAY_ERRORS.refundFailed
            : parent.simulate === 'refund_fails_once' && attempt === 1
              ? GATEWAY_ERRORS.processorTimeout
              : null);
        return {
          status: failure ? 'failed' : 'succeeded',
          errorCode: failure,
          amountCents: request.amountCents,
          currency: parent.currency,
          cardId: parent.cardId,
          orderId: request.orderId ?? parent.orderId,
          parentTransactionId: parent.id,
        };
      },
      async (tx) => {
        parent = await this.lockTransaction(tx, request.transactionId);
      },
    );
  }

  async refundable(transactionId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const parent = await this.lockTransaction(tx, transactionId);
      return this.remaining(tx, parent);
    });
  }
}
