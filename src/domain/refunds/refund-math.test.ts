import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingDownBreaks, refundSummary } from '../money/summary';
import {
  type CardPayment,
  type CardTender,
  cardStates,
  fullyRefunded,
  orderRemaining,
  type PriorRefund,
  REFUND_LIMIT_MESSAGES,
  REFUND_MESSAGES,
  type RefundCardState,
  type RefundLine,
  type RefundOrderFacts,
  type RefundSelection,
  type RefundTotals,
  refundableItems,
  refundLimitOf,
  refundLimitProblem,
  refundSplitProblem,
  refundTotals,
  splitOverCards,
} from './refund-math';

const card = (transactionId: string, paidCents: number, remainingCents = paidCents): RefundCardState => ({
  transactionId,
  method: 'card',
  brand: 'Visa',
  accountNumber: '4242',
  tenderId: null,
  paidCents,
  remainingCents,
});

// Hand-computed order: A 2 × 25.00, B 1 × 19.99 (merchandise 69.99), shipping 8.00, tax 7.00 of
// which 0.56 on shipping, 10.00 paid in product credit, 74.99 on two cards (40.00 + 34.99).
const order = (
  prior: PriorRefund[] = [],
  cards = [card('c1', 4000), card('c2', 3499)],
): RefundOrderFacts => ({
  lines: [
    { sku: 'A', title: 'Lip Balm', quantity: 2, adjustedPriceCents: 2500, cv: 10, pv: 20, qv: 20 },
    { sku: 'B', title: 'Serum', quantity: 1, adjustedPriceCents: 1999, cv: 5, pv: 9.99, qv: 9.99 },
    { sku: 'S', title: 'Sample', quantity: 1, adjustedPriceCents: 0, cv: 0, pv: 0, qv: 0 },
  ],
  shippingCents: 800,
  taxCents: 700,
  shippingTaxCents: 56,
  appliedCreditCents: 1000,
  grandTotalCents: 7499,
  cards,
  prior,
});

describe('refund math, hand-computed', () => {
  it('one of two A, no shipping: items, tax share, credit share, cards split by what remains', () => {
    const t = refundTotals(order(), {
      returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }],
      returnShipping: false,
    });
    // tax 644 × 2500 / 6999 = 230.03 → 230; gross 2730; credit 1000 × 2730 / 8499 = 321.2 → 321
    expect(t).toMatchObject({
      subtotal: 2500,
      shippingTotal: 0,
      tax: 230,
      gross: 2730,
      pcAmount: 321,
      amount: 2409,
    });
    expect(t.clawback).toEqual({ cv: 5, pv: 10, qv: 10 });
    // 2409 × 4000 / 7499 = 1284.97 → 1285; the last card takes the rest
    expect(splitOverCards(t.amount, order().cards)).toEqual([
      { transactionId: 'c1', refundAmount: 1285 },
      { transactionId: 'c2', refundAmount: 1124 },
    ]);
  });

  it('the rest later, with shipping: exactly the tax, credit and card totals remain, to the cent', () => {
    const first: PriorRefund = {
      returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }],
      shippingTotalCents: 0,
      taxCents: 230,
      amountCents: 2409,
      pcAmountCents: 321,
    };
    const facts = order([first], [card('c1', 4000, 2715), card('c2', 3499, 2375)]);
    const t = refundTotals(facts, {
      returnItems: [
        { sku: 'A', quantity: 1, adjustedPrice: 2500 },
        { sku: 'B', quantity: 1, adjustedPrice: 1999 },
      ],
      returnShipping: true,
    });
    // tax: 644 − 230 on items + 56 on shipping; credit 1000 − 321
    expect(t).toMatchObject({
      subtotal: 4499,
      shippingTotal: 800,
      tax: 470,
      gross: 5769,
      pcAmount: 679,
      amount: 5090,
    });
    expect(first.amountCents + t.amount).toBe(7499);
    expect(splitOverCards(t.amount, facts.cards).map((s) => s.refundAmount)).toEqual([2715, 2375]);
  });

  it('refundable quantity is purchased less refunded per sku and adjusted price; free lines are not refundable', () => {
    const rows = refundableItems(
      order([
        {
          returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }],
          shippingTotalCents: 0,
          taxCents: 0,
          amountCents: 0,
          pcAmountCents: 0,
        },
      ]),
    );
    expect(rows).toEqual([
      { sku: 'A', title: 'Lip Balm', adjustedPrice: 2500, purchased: 2, refunded: 1, refundable: 1 },
      { sku: 'B', title: 'Serum', adjustedPrice: 1999, purchased: 1, refunded: 0, refundable: 1 },
    ]);
    expect(() =>
      refundTotals(order(), {
        returnItems: [{ sku: 'A', quantity: 3, adjustedPrice: 2500 }],
        returnShipping: false,
      }),
    ).toThrow('Only 2 of SKU A can still be refunded.');
    expect(() =>
      refundTotals(order(), {
        returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2000 }],
        returnShipping: false,
      }),
    ).toThrow('SKU A at that price is not on this order.');
  });

  it('shipping alone: its tax comes with it, and it is refunded once', () => {
    const t = refundTotals(order(), { returnItems: [], returnShipping: true });
    expect(t).toMatchObject({ subtotal: 0, shippingTotal: 800, tax: 56, gross: 856 });
    const again = refundTotals(
      order([
        { returnItems: [], shippingTotalCents: 800, taxCents: 56, amountCents: 755, pcAmountCents: 101 },
      ]),
      { returnItems: [], returnShipping: true },
    );
    expect(again.gross).toBe(0);
  });

  it('rounding to cents: three refunds of one cent items give back the tax exactly', () => {
    const facts: RefundOrderFacts = {
      lines: [{ sku: 'P', title: 'Pin', quantity: 3, adjustedPriceCents: 1, cv: 0, pv: 0, qv: 0 }],
      shippingCents: 0,
      taxCents: 1,
      shippingTaxCents: 0,
      appliedCreditCents: 0,
      grandTotalCents: 4,
      cards: [card('c1', 4)],
      prior: [],
    };
    const taxes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = refundTotals(facts, {
        returnItems: [{ sku: 'P', quantity: 1, adjustedPrice: 1 }],
        returnShipping: false,
      });
      taxes.push(t.tax);
      facts.prior.push({
        returnItems: [{ sku: 'P', quantity: 1, adjustedPrice: 1 }],
        shippingTotalCents: 0,
        taxCents: t.tax,
        amountCents: t.amount,
        pcAmountCents: t.pcAmount,
      });
      facts.cards[0]!.remainingCents -= t.amount;
    }
    // 1 × 1/3 = 0.33 → 0; 1 × 2/3 = 0.67 → 1 (+1); 1 × 3/3 = 1 (+0)
    expect(taxes).toEqual([0, 1, 0]);
    expect(facts.cards[0]!.remainingCents).toBe(0);
  });

  it('split checks in the spec order, with its words; empty amounts count as 0', () => {
    const cards = order().cards;
    const check = (amount: number, pcAmount: number, split: (number | null)[], auto = false) =>
      refundSplitProblem(
        {
          amount,
          pcAmount,
          auto,
          cards: split.map((refundAmount, i) => ({ transactionId: `c${i + 1}`, refundAmount })),
        },
        cards,
      );
    expect(check(0, 0, [null, null])).toBe(REFUND_MESSAGES.nothingSelected);
    expect(check(0, 500, [null, null])).toBeNull();
    expect(check(5000, 0, [4001, 999])).toBe(REFUND_MESSAGES.cardExceeds);
    expect(check(5000, 0, [4000, 999])).toBe(REFUND_MESSAGES.sumMismatch);
    expect(check(4000, 0, [4000, null])).toBeNull();
    expect(check(5000, 0, [100, null], true)).toBeNull();
  });
});

describe('refunds never exceed what was paid (property)', () => {
  const step = fc.record({
    a: fc.nat(3),
    b: fc.nat(2),
    shipping: fc.boolean(),
    /** fraction of the card amount put on the first card (an override split) */
    firstShare: fc.double({ min: 0, max: 1, noNaN: true }),
    auto: fc.boolean(),
    toCredit: fc.nat(3000),
  });
  it('per card and in total, whatever sequence of partial refunds is tried', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const facts = order();
        const paid = new Map(facts.cards.map((c) => [c.transactionId, c.paidCents]));
        let cardsRefunded = 0;
        let pcRefunded = 0;
        for (const s of steps) {
          const refundable = refundableItems(facts);
          const returnItems = [
            {
              sku: 'A',
              quantity: Math.min(s.a, refundable.find((r) => r.sku === 'A')!.refundable),
              adjustedPrice: 2500,
            },
            {
              sku: 'B',
              quantity: Math.min(s.b, refundable.find((r) => r.sku === 'B')!.refundable),
              adjustedPrice: 1999,
            },
          ];
          const t = refundTotals(facts, { returnItems, returnShipping: s.shipping });
          // Staff may move part of the card amount to product credit (never more than the refund's worth).
          const moved = Math.min(s.toCredit, t.amount);
          const amount = t.amount - moved;
          const pcAmount = t.pcAmount + moved;
          const first = Math.round(amount * s.firstShare);
          const split = s.auto
            ? splitOverCards(amount, facts.cards)
            : [
                { transactionId: 'c1', refundAmount: first },
                { transactionId: 'c2', refundAmount: amount - first },
              ];
          if (refundSplitProblem({ amount, pcAmount, cards: split, auto: s.auto }, facts.cards)) continue;
          for (const leg of split)
            facts.cards.find((c) => c.transactionId === leg.transactionId)!.remainingCents -=
              leg.refundAmount;
          const legs = split.reduce((sum, l) => sum + l.refundAmount, 0);
          cardsRefunded += legs;
          pcRefunded += pcAmount;
          facts.prior.push({
            returnItems,
            shippingTotalCents: t.shippingTotal,
            taxCents: t.tax,
            amountCents: legs,
            pcAmountCents: pcAmount,
          });
        }
        for (const c of facts.cards) {
          expect(c.remainingCents).toBeGreaterThanOrEqual(0);
          expect(c.remainingCents).toBeLessThanOrEqual(paid.get(c.transactionId)!);
        }
        expect(cardsRefunded).toBeLessThanOrEqual(facts.grandTotalCents);
        expect(cardsRefunded + pcRefunded).toBeLessThanOrEqual(
          facts.grandTotalCents + facts.appliedCreditCents,
        );
      }),
      { numRuns: 500, seed: 20261124 },
    );
  });
});

describe('adjusted prices rounded per unit', () => {
  it('items are worth their share of the order subtotal; all of them are worth all of it', () => {
    // 3 × 3.33 = 9.99 on the lines, but the order's subtotal after promos is 10.00.
    const facts: RefundOrderFacts = {
      lines: [{ sku: 'T', title: 'Trio', quantity: 3, adjustedPriceCents: 333, cv: 0, pv: 0, qv: 0 }],
      subtotalCents: 1000,
      shippingCents: 0,
      taxCents: 0,
      shippingTaxCents: 0,
      appliedCreditCents: 0,
      grandTotalCents: 1000,
      cards: [card('c1', 1000)],
      prior: [],
    };
    const one = refundTotals(facts, {
      returnItems: [{ sku: 'T', quantity: 1, adjustedPrice: 333 }],
      returnShipping: false,
    });
    // 1000 × 333 / 999 = 333.33 → 333
    expect(one.subtotal).toBe(333);
    facts.prior.push({
      returnItems: [{ sku: 'T', quantity: 1, adjustedPrice: 333 }],
      shippingTotalCents: 0,
      taxCents: 0,
      amountCents: 333,
      pcAmountCents: 0,
    });
    const rest = refundTotals(facts, {
      returnItems: [{ sku: 'T', quantity: 2, adjustedPrice: 333 }],
      returnShipping: false,
    });
    expect(rest.subtotal).toBe(667);
    expect(one.amount + rest.amount).toBe(1000);
  });
});

describe('what remains paid is always refundable, and fully refunded is reachable (property, ADR 021)', () => {
  type Leg = { transactionId: string; cents: number; settled: boolean };
  const LINES = order().lines;
  const step = fc.oneof(
    // Products and shipping chosen, then edited by staff: cut short, part moved to product credit.
    fc.record({
      kind: fc.constant('items' as const),
      a: fc.nat(2),
      b: fc.nat(1),
      shipping: fc.boolean(),
      short: fc.nat(300),
      toCredit: fc.nat(9000),
      fails: fc.boolean(),
    }),
    // An amount alone, on the cards and as product credit.
    fc.record({
      kind: fc.constant('amount' as const),
      cards: fc.nat(9000),
      credit: fc.nat(3000),
      fails: fc.boolean(),
    }),
    // Staff retry the failed legs: they succeed.
    fc.record({ kind: fc.constant('retry' as const) }),
  );
  const order3 = fc
    .record({ shares: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }) })
    .map(({ shares }) => {
      const total = shares.reduce((s, x) => s + x, 0);
      let left = 7499;
      return shares.map((x, i) => {
        const paid = i === shares.length - 1 ? left : Math.floor((7499 * x) / total);
        left -= paid;
        return paid;
      });
    });

  it('refundable + refunded = paid per card and in total; Σ refunds ≤ paid; what remains refunds to fully refunded', () => {
    fc.assert(
      fc.property(order3, fc.array(step, { maxLength: 10 }), (paidPerCard, steps) => {
        const payments: CardPayment[] = paidPerCard.map((paidCents, i) => ({
          transactionId: `c${i}`,
          method: 'card',
          brand: 'Visa',
          accountNumber: '4242',
          tenderId: null,
          paidCents,
          refundedCents: 0,
          reservedCents: 0,
        }));
        const prior: PriorRefund[] = [];
        const legs: Leg[] = [];
        const facts = (): RefundOrderFacts => {
          for (const p of payments) {
            p.refundedCents = legs
              .filter((l) => l.settled && l.transactionId === p.transactionId)
              .reduce((s, l) => s + l.cents, 0);
            p.reservedCents = legs
              .filter((l) => !l.settled && l.transactionId === p.transactionId)
              .reduce((s, l) => s + l.cents, 0);
          }
          const pc = prior.reduce((s, r) => s + r.pcAmountCents, 0);
          return { ...order(prior), lines: LINES, cards: cardStates(payments, 1000, pc) };
        };
        /** The server's checks (refund-submit): split, then the limit; recorded when accepted. */
        const submit = (
          f: RefundOrderFacts,
          amount: number,
          pcAmount: number,
          chosen: RefundTotals | null,
          selection: RefundSelection,
          fails: boolean,
        ) => {
          const split = splitOverCards(amount, f.cards);
          const placed = split.reduce((s, c) => s + c.refundAmount, 0);
          if (placed !== amount) return false;
          if (refundSplitProblem({ amount, pcAmount, cards: split, auto: false }, f.cards)) return false;
          if (refundLimitProblem(f, { amount, pcAmount }, chosen)) return false;
          for (const s of split)
            if (s.refundAmount > 0)
              legs.push({ transactionId: s.transactionId, cents: s.refundAmount, settled: !fails });
          prior.push({
            returnItems: selection.returnItems,
            shippingTotalCents: chosen?.shippingTotal ?? 0,
            taxCents: chosen?.tax ?? 0,
            amountCents: amount,
            pcAmountCents: pcAmount,
          });
          return true;
        };
        const check = () => {
          const f = facts();
          const cards = f.cards as CardTender[];
          for (const c of cards) {
            expect(c.remainingCents + c.refundedCents + c.reservedCents + c.creditInLieuCents).toBe(
              c.paidCents,
            );
            expect(c.refundedCents + c.reservedCents).toBeLessThanOrEqual(c.paidCents);
            expect(c.remainingCents).toBeGreaterThanOrEqual(0);
          }
          const refunded = prior.reduce((s, r) => s + r.amountCents + r.pcAmountCents, 0);
          expect(orderRemaining(f).total + refunded).toBe(7499 + 1000);
        };
        for (const s of steps) {
          const f = facts();
          if (s.kind === 'retry') {
            for (const l of legs) l.settled = true;
          } else if (s.kind === 'amount') {
            submit(f, s.cards, s.credit, null, { returnItems: [], returnShipping: false }, s.fails);
          } else {
            const refundable = refundableItems(f);
            const returnItems = [
              { sku: 'A', quantity: Math.min(s.a, refundable[0]!.refundable), adjustedPrice: 2500 },
              { sku: 'B', quantity: Math.min(s.b, refundable[1]!.refundable), adjustedPrice: 1999 },
            ].filter((i) => i.quantity > 0);
            const selection = { returnItems, returnShipping: s.shipping };
            if (returnItems.length === 0 && !s.shipping) continue;
            const t = refundTotals(f, selection);
            const moved = Math.min(s.toCredit, t.amount);
            const amount = Math.max(0, t.amount - moved - s.short);
            submit(f, amount, t.pcAmount + moved, t, selection, s.fails);
          }
          check();
        }
        // Failed legs are retried until they succeed; then what remains is refunded as an amount.
        for (const l of legs) l.settled = true;
        const f = facts();
        const left = orderRemaining(f);
        if (left.total > 0)
          expect(
            submit(
              f,
              left.cards,
              left.productCredit,
              null,
              { returnItems: [], returnShipping: false },
              false,
            ),
          ).toBe(true);
        check();
        const after = facts();
        expect(orderRemaining(after).total).toBe(0);
        expect(
          fullyRefunded({
            grandTotalCents: 7499,
            appliedCreditCents: 1000,
            cardsPaidCents: 7499,
            refundedCents: legs.reduce((s, l) => s + l.cents, 0),
            creditRefundedCents: prior.reduce((s, r) => s + r.pcAmountCents, 0),
          }),
        ).toBe(true);
        // Nothing more can be refunded, by amount or as credit.
        expect(refundLimitProblem(after, { amount: 0, pcAmount: 1 }, null)).toBe(REFUND_MESSAGES.overRefund);
      }),
      { numRuns: 400, seed: 20261125 },
    );
  });

  it('a short refund leaves its cents refundable as an amount (SKU 9000: 28.99 of 29.00)', () => {
    const membership: RefundOrderFacts = {
      lines: [
        { sku: '9000', title: 'Member Program', quantity: 1, adjustedPriceCents: 2900, cv: 0, pv: 0, qv: 0 },
      ],
      shippingCents: 0,
      taxCents: 0,
      shippingTaxCents: 0,
      appliedCreditCents: 0,
      grandTotalCents: 2900,
      cards: [card('c1', 2900, 1)],
      prior: [
        {
          returnItems: [{ sku: '9000', quantity: 1, adjustedPrice: 2900 }],
          shippingTotalCents: 0,
          taxCents: 0,
          amountCents: 2899,
          pcAmountCents: 0,
        },
      ],
    };
    expect(refundableItems(membership)[0]!.refundable).toBe(0);
    expect(refundLimitProblem(membership, { amount: 1, pcAmount: 0 }, null)).toBeNull();
    expect(refundLimitProblem(membership, { amount: 2, pcAmount: 0 }, null)).toBe(REFUND_MESSAGES.overRefund);
  });
});

describe('refund estimates read down to their refund total (property, ADR 024)', () => {
  // Orders of generated lines, shipping, tax, credit and cards, after earlier refunds that may have
  // taken the cards' money as an amount alone or given it back as credit in their place: whatever
  // is then chosen, products + shipping + tax = refund total = credit + cards + what cannot go back.
  const orderArb = fc
    .record({
      lines: fc.array(
        fc.record({ quantity: fc.integer({ min: 1, max: 3 }), price: fc.integer({ min: 0, max: 9000 }) }),
        { minLength: 1, maxLength: 4 },
      ),
      shipping: fc.integer({ min: 0, max: 2000 }),
      taxRate: fc.integer({ min: 0, max: 15 }),
      creditShare: fc.integer({ min: 0, max: 100 }),
      cardShares: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
      // Earlier refunds: an amount alone on the cards, and credit beyond what the order applied.
      amountAlone: fc.integer({ min: 0, max: 100 }),
      creditBack: fc.integer({ min: 0, max: 100 }),
      creditInLieu: fc.integer({ min: 0, max: 100 }),
    })
    .map((o) => {
      const lines: RefundLine[] = o.lines.map((l, i) => ({
        sku: `S${i}`,
        title: `Product ${i}`,
        quantity: l.quantity,
        adjustedPriceCents: l.price,
        cv: 1,
        pv: 1,
        qv: 1,
      }));
      const merch = lines.reduce((s, l) => s + l.quantity * l.adjustedPriceCents, 0);
      const shippingTax = Math.round((o.shipping * o.taxRate) / 100);
      const tax = Math.round((merch * o.taxRate) / 100) + shippingTax;
      const value = merch + o.shipping + tax;
      const applied = Math.floor((value * o.creditShare) / 400);
      const grand = value - applied;
      const shareTotal = o.cardShares.reduce((s, x) => s + x, 0);
      let left = grand;
      const payments: CardPayment[] = o.cardShares.map((x, i) => {
        const paid = i === o.cardShares.length - 1 ? left : Math.floor((grand * x) / shareTotal);
        left -= paid;
        return {
          transactionId: `c${i}`,
          method: 'card',
          brand: 'Visa',
          accountNumber: '4242',
          tenderId: null,
          paidCents: paid,
          refundedCents: 0,
          reservedCents: 0,
        };
      });
      // The amount alone is taken from the cards in payment order.
      let alone = Math.floor((grand * o.amountAlone) / 200);
      for (const p of payments) {
        const take = Math.min(alone, p.paidCents);
        p.refundedCents = take;
        alone -= take;
      }
      const aloneCents = payments.reduce((s, p) => s + p.refundedCents, 0);
      const cardsLeft = grand - aloneCents;
      // Part of the applied credit given back; beyond all of it, credit in the cards' place.
      const inLieu = o.creditBack === 100 ? Math.floor((cardsLeft * o.creditInLieu) / 200) : 0;
      const creditBack = Math.floor((applied * o.creditBack) / 100);
      const prior: PriorRefund[] = [
        { returnItems: [], shippingTotalCents: 0, taxCents: 0, amountCents: aloneCents, pcAmountCents: 0 },
        {
          returnItems: [],
          shippingTotalCents: 0,
          taxCents: 0,
          amountCents: 0,
          pcAmountCents: creditBack + inLieu,
        },
      ].filter((r) => r.amountCents + r.pcAmountCents > 0);
      const creditRefunded = prior.reduce((s, r) => s + r.pcAmountCents, 0);
      const facts: RefundOrderFacts = {
        lines,
        shippingCents: o.shipping,
        taxCents: tax,
        shippingTaxCents: shippingTax,
        appliedCreditCents: applied,
        grandTotalCents: grand,
        cards: cardStates(payments, applied, creditRefunded),
        prior,
      };
      return facts;
    });

  it('over generated orders and selections, the rows read down and nothing goes where it cannot', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (facts, picks, returnShipping) => {
          const returnItems = refundableItems(facts)
            .map((r, i) => ({
              sku: r.sku,
              adjustedPrice: r.adjustedPrice,
              quantity: Math.min(picks[i] ?? 0, r.refundable),
            }))
            .filter((i) => i.quantity > 0);
          const t = refundTotals(facts, { returnItems, returnShipping });
          const rows = refundSummary(t);
          expect(readingDownBreaks(rows), JSON.stringify(rows)).toBeNull();
          expect(rows.find((r) => r.key === 'refundTotal')!.cents).toBe(t.gross);
          expect(t.pcAmount + t.amount + t.unrefundable).toBe(t.gross);
          const left = orderRemaining(facts);
          expect(t.amount).toBeLessThanOrEqual(left.cards);
          expect(t.pcAmount).toBeLessThanOrEqual(left.productCredit);
          // Only what the cards and the credit together cannot take is left out, and the estimate
          // itself is always a refund the server accepts.
          if (t.unrefundable > 0) expect(t.amount + t.pcAmount).toBe(left.total);
          expect(refundLimitProblem(facts, t, t)).toBeNull();
          expect(rows.some((r) => r.key === 'refundNotToCards')).toBe(t.unrefundable > 0);
        },
      ),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it('cards emptied by an earlier amount alone: the credit takes what it can, the rest has its own row', () => {
    // 74.99 went back to the cards as an amount alone; the 10.00 of credit is untouched.
    const facts = order(
      [{ returnItems: [], shippingTotalCents: 0, taxCents: 0, amountCents: 7499, pcAmountCents: 0 }],
      [card('c1', 4000, 0), card('c2', 3499, 0)],
    );
    const t = refundTotals(facts, {
      returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }],
      returnShipping: false,
    });
    expect(t).toMatchObject({ gross: 2730, amount: 0, pcAmount: 1000, unrefundable: 1730 });
    expect(refundSummary(t).map((r) => [r.key, r.cents])).toEqual([
      ['refundProducts', 2500],
      ['refundShipping', 0],
      ['refundTax', 230],
      ['refundTotal', 2730],
      ['refundCredit', 1000],
      ['refundCards', 0],
      ['refundNotToCards', 1730],
    ]);
    // Before, the cards row stopped the reading at 1730 (the estimate answered amount 0, credit 321).
    expect(readingDownBreaks(refundSummary({ ...t, pcAmount: 321, unrefundable: 0 }))).toBe('refundCards');
  });

  it('each limit has its own reason: the selection, the order, the cards', () => {
    const remaining = { cards: 5000, productCredit: 1000 };
    expect(refundLimitOf({ amount: 3000, pcAmount: 0 }, { worth: 2730, remaining })).toBe('selection');
    expect(refundLimitOf({ amount: 6001, pcAmount: 0 }, { worth: null, remaining })).toBe('remaining');
    expect(refundLimitOf({ amount: 5000, pcAmount: 1001 }, { worth: null, remaining })).toBe('remaining');
    expect(refundLimitOf({ amount: 2000, pcAmount: 0 }, { worth: 2730, remaining, cardsCanTake: 1999 })).toBe(
      'cards',
    );
    // Credit beyond what the order applied comes from the cards.
    expect(
      refundLimitOf({ amount: 1500, pcAmount: 1500 }, { worth: null, remaining, cardsCanTake: 1999 }),
    ).toBe('cards');
    expect(
      refundLimitOf({ amount: 1999, pcAmount: 731 }, { worth: 2730, remaining, cardsCanTake: 1999 }),
    ).toBe(null);
    expect(REFUND_LIMIT_MESSAGES.cards).toBe(
      'Please make sure the refund amount for each card is equal to or less than the refund amount available.',
    );
    expect(refundLimitProblem(order(), { amount: 2731, pcAmount: 0 }, { gross: 2730 })).toBe(
      REFUND_MESSAGES.overSelection,
    );
    expect(refundLimitProblem(order(), { amount: 8500, pcAmount: 0 }, null)).toBe(REFUND_MESSAGES.overRefund);
  });
});
