import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardExpired,
  leftToAssign,
  MAX_SPLIT_CARDS,
  SPLIT_MESSAGES,
  SplitPayments,
  splitTotalMessage,
} from './split-payments';

describe('split payments (ADR 030)', () => {
  it('amounts add up exactly or the message says the difference in money', () => {
    expect(splitTotalMessage(7352, [100, 7252], 'USD', 'en-US')).toBeNull();
    expect(splitTotalMessage(7352, [100, 7251], 'USD', 'en-US')).toBe(
      'The card amounts add up to $73.51, $0.01 short of the $73.52 to pay by card.',
    );
    expect(splitTotalMessage(7352, [100, 7253], 'CAD', 'en-CA')).toBe(
      'The card amounts add up to CA$73.53, CA$0.01 more than the CA$73.52 to pay by card.',
    );
  });

  it('property: left to assign is the total less the amounts; zero exactly when no message', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 2, maxLength: MAX_SPLIT_CARDS }),
        (due, amounts) => {
          const left = leftToAssign(due, amounts);
          expect(left + amounts.reduce((s, a) => s + a, 0)).toBe(due);
          expect(splitTotalMessage(due, amounts, 'USD') === null).toBe(left === 0);
        },
      ),
    );
  });

  it('refuses fewer than 2 or more than 4 cards, a card twice, a zero or fractional amount', () => {
    const issues = (v: unknown) => SplitPayments.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues([{ amount: 100, cardId: 'a' }])).toEqual([SPLIT_MESSAGES.tooFew]);
    expect(
      issues(Array.from({ length: MAX_SPLIT_CARDS + 1 }, (_, i) => ({ amount: 100, cardId: `c${i}` }))),
    ).toEqual([SPLIT_MESSAGES.tooMany]);
    expect(
      issues([
        { amount: 100, cardId: 'a' },
        { amount: 100, cardId: 'a' },
      ]),
    ).toEqual([SPLIT_MESSAGES.sameCardTwice]);
    expect(
      issues([
        { amount: 0, cardId: 'a' },
        { amount: 10.5, cardId: 'b' },
      ]),
    ).toEqual([SPLIT_MESSAGES.amountPositive, SPLIT_MESSAGES.amountWhole]);
    expect(issues([{ amount: 100, cardId: 'a', squareNonce: 't' }, { amount: 100 }])).toEqual([
      SPLIT_MESSAGES.chooseCard,
      SPLIT_MESSAGES.chooseCard,
    ]);
    expect(
      issues([
        { amount: 100, cardId: 'a' },
        { amount: 100, squareNonce: 't' },
      ]),
    ).toEqual([]);
  });

  it('a card is usable through the end of its expiry month', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(cardExpired({ expMonth: 11, expYear: 2026 }, now)).toBe(false);
    expect(cardExpired({ expMonth: 10, expYear: 2026 }, now)).toBe(true);
    expect(cardExpired({ expMonth: 1, expYear: 2027 }, now)).toBe(false);
    expect(cardExpired({ expMonth: 12, expYear: 2025 }, now)).toBe(true);
  });
});
