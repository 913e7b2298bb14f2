import { z } from 'zod';
import { BOUND_MESSAGES, BOUNDS } from '../reference/bounds';
import { MAX_SPLIT_CARDS, MIN_SPLIT_CARDS, SPLIT_MESSAGES } from './split-rules';

// Split payments at checkout (spec 2 §3 Payment.splitPayments "amount plus card info"; ADR 030):
// staff pay one order with several saved or new cards, each card's amount entered by hand, product
// credit paying its own share first. This is the contract of a split; its bounds, messages and
// pure rules are in split-rules.ts, which the screen takes without the contract.

export {
  cardExpired,
  cardLabel,
  leftToAssign,
  MAX_SPLIT_CARDS,
  SPLIT_MESSAGES,
  splitTotalMessage,
} from './split-rules';

/** One card's share of a split payment: a saved card (cardId) or a new card's gateway token. */
export const SplitPaymentEntry = z
  .object({
    amount: z
      .number(SPLIT_MESSAGES.amountNumber)
      // The bound first: 1e300 is above it before it is "not whole cents".
      .max(BOUNDS.splitPaymentCents, BOUND_MESSAGES.splitPayment)
      .gt(0, SPLIT_MESSAGES.amountPositive)
      .int(SPLIT_MESSAGES.amountWhole),
    cardId: z.string().min(1).max(80).nullable().optional(),
    /** The gateway's token for a new card; the browser never sends the card number to the API. */
    squareNonce: z.string().min(1).max(200).nullable().optional(),
    saveCard: z.boolean().optional(),
  })
  .refine((e) => !!e.cardId !== !!e.squareNonce, { message: SPLIT_MESSAGES.chooseCard, path: ['cardId'] });
export type SplitPaymentEntry = z.infer<typeof SplitPaymentEntry>;

export const SplitPayments = z
  .array(SplitPaymentEntry)
  .min(MIN_SPLIT_CARDS, SPLIT_MESSAGES.tooFew)
  .max(MAX_SPLIT_CARDS, SPLIT_MESSAGES.tooMany)
  .superRefine((splits, ctx) => {
    const seen = new Set<string>();
    splits.forEach((s, i) => {
      const id = s.cardId ? `card:${s.cardId}` : `token:${s.squareNonce}`;
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', message: SPLIT_MESSAGES.sameCardTwice, path: [i, 'cardId'] });
      seen.add(id);
    });
  });
