import { describe, expect, it } from 'vitest';
import {
  type ExportCandidate,
  exportIssues,
  failureReason,
  isCancelledForExport,
  isPhoenixOrderId,
} from './downstream';
import { RetryFailedOrdersBody, retrySummary } from './failed';

/** A US order that adds up: 2 × $20 less $4 promo, $6.95 shipping, $2.61 tax, $5 credit. */
function order(overrides: Partial<ExportCandidate> = {}): ExportCandidate {
  return {
    countryId: 1,
    shippingMethodId: 3,
    shippingAddress: {
      firstName: 'Jane',
      lastName: 'Doe',
      address: '1200 Barton Springs Rd',
      city: 'Austin',
      region: 'TX',
      postalCode: '78704',
      countryId: 1,
      telephone: '5125550134',
    },
    customerPhoenixId: 501234,
    paymentState: 'captured',
    prePromoSubtotalCents: 4000,
    discountCents: 400,
    subtotalCents: 3600,
    shippingCents: 695,
    taxCents: 261,
    appliedCreditCents: 500,
    grandTotalCents: 4056,
    cv: 30,
    pv: 30,
    qv: 27.5,
    lines: [
      {
        sku: '1001',
        quantity: 2,
        priceCents: 2000,
        discountCents: 400,
        totalCents: 3600,
        cv: 30,
        pv: 30,
        qv: 27.5,
      },
    ],
    payments: [
      { method: 'card', amountCents: 4056, state: 'captured' },
      { method: 'productCredit', amountCents: 500, state: 'captured' },
    ],
    ...overrides,
  };
}
const codes = (o: ExportCandidate) => exportIssues(o).map((i) => i.code);

describe('downstream export validation', () => {
  it('accepts an order whose address, payment, totals and volumes are right', () => {
    expect(exportIssues(order())).toEqual([]);
  });

  it('accepts a Canadian order with a Canadian postal code, in any spelling the form takes', () => {
    const ca = order({
      countryId: 2,
      shippingAddress: { ...order().shippingAddress, region: 'ON', postalCode: 'k1a0b1', countryId: 2 },
    });
    expect(exportIssues(ca)).toEqual([]);
  });

  it('refuses an order without lines', () => {
    expect(codes(order({ lines: [] }))).toContain('NO_LINES');
  });

  it('names the missing parts of an incomplete address', () => {
    const [issue] = exportIssues(
      order({ shippingAddress: { ...order().shippingAddress, city: ' ', postalCode: '' } }),
    );
    expect(issue).toEqual({
      code: 'ADDRESS_INCOMPLETE',
      message: 'Phoenix rejected order: shipping address is incomplete (city, postal code missing)',
    });
    expect(codes(order({ shippingAddress: null }))).toEqual(['ADDRESS_INCOMPLETE']);
  });

  it('needs no address for store pickup or do-not-ship orders', () => {
    expect(exportIssues(order({ shippingMethodId: 1011, shippingAddress: null }))).toEqual([]);
    expect(exportIssues(order({ shippingMethodId: 1018, shippingAddress: null }))).toEqual([]);
  });

  it('refuses a postal code that is not valid for the country', () => {
    const usWithCa = order({ shippingAddress: { ...order().shippingAddress, postalCode: 'K1A 0B1' } });
    expect(exportIssues(usWithCa)).toEqual([
      {
        code: 'ADDRESS_INVALID',
        message: 'Phoenix rejected order: postal code K1A 0B1 is not valid for United States',
      },
    ]);
    const caWithZip = order({
      countryId: 2,
      shippingAddress: { ...order().shippingAddress, region: 'ON', postalCode: '78704', countryId: 2 },
    });
    expect(codes(caWithZip)).toEqual(['ADDRESS_INVALID']);
  });

  it('refuses a region of the other country and an address in another country', () => {
    const wrongRegion = order({ shippingAddress: { ...order().shippingAddress, region: 'ON' } });
    expect(exportIssues(wrongRegion)[0]?.message).toBe(
      'Phoenix rejected order: ON is not a state of United States',
    );
    const abroad = order({ shippingAddress: { ...order().shippingAddress, countryId: 2 } });
    expect(codes(abroad)).toEqual(['ADDRESS_INVALID']);
  });

  it('refuses an order of a customer without a Phoenix account number', () => {
    expect(codes(order({ customerPhoenixId: null }))).toEqual(['ACCOUNT_NOT_FOUND']);
  });

  it('refuses an order whose payment is not captured for the grand total', () => {
    expect(codes(order({ paymentState: 'authorized' }))).toEqual(['PAYMENT_NOT_CAPTURED']);
    expect(codes(order({ payments: [{ method: 'card', amountCents: 4000, state: 'captured' }] }))).toEqual([
      'PAYMENT_NOT_CAPTURED',
    ]);
    expect(codes(order({ payments: [{ method: 'card', amountCents: 4056, state: 'authorized' }] }))).toEqual([
      'PAYMENT_NOT_CAPTURED',
    ]);
  });

  it('accepts an order paid entirely with product credit (grand total 0)', () => {
    const credit = order({
      appliedCreditCents: 4556,
      grandTotalCents: 0,
      paymentState: 'captured',
      payments: [{ method: 'productCredit', amountCents: 4556, state: 'captured' }],
    });
    expect(exportIssues(credit)).toEqual([]);
  });

  it('refuses totals that do not add up (spec 2 §5), a cent is enough', () => {
    expect(
      exportIssues(
        order({
          grandTotalCents: 4057,
          payments: [{ method: 'card', amountCents: 4057, state: 'captured' }],
        }),
      ),
    ).toEqual([
      {
        code: 'TOTALS_MISMATCH',
        message: 'Phoenix rejected order: subtotal + shipping + tax − credit is not the grand total',
      },
    ]);
    const line = order().lines[0]!;
    expect(codes(order({ lines: [{ ...line, totalCents: 3500 }] }))).toEqual(['TOTALS_MISMATCH']);
    expect(codes(order({ discountCents: 300 }))).toEqual(['TOTALS_MISMATCH']);
  });

  it('refuses line volumes that do not add up to the order, ignoring float noise', () => {
    const line = order().lines[0]!;
    const split = order({
      lines: [
        { ...line, quantity: 1, totalCents: 1800, discountCents: 200, cv: 10.1, pv: 10.1, qv: 13.75 },
        { ...line, quantity: 1, totalCents: 1800, discountCents: 200, cv: 19.9, pv: 19.9, qv: 13.75 },
      ],
    });
    expect(exportIssues(split)).toEqual([]);
    expect(exportIssues(order({ cv: 31 }))).toEqual([
      {
        code: 'VOLUME_MISMATCH',
        message: 'Phoenix rejected order: line volumes do not add up to order volumes (CV)',
      },
    ]);
  });

  it('lists every issue; the failure reason is the first code with all messages', () => {
    const issues = exportIssues(order({ customerPhoenixId: null, paymentState: 'authorized' }));
    expect(issues.map((i) => i.code)).toEqual(['ACCOUNT_NOT_FOUND', 'PAYMENT_NOT_CAPTURED']);
    const reason = failureReason(issues);
    expect(reason.code).toBe('ACCOUNT_NOT_FOUND');
    expect(reason.message).toBe(`${issues[0]!.message}; ${issues[1]!.message}`);
    expect(() => failureReason([])).toThrow();
  });
});

describe('phoenix order ids and cancellation', () => {
  it('has 9 digits', () => {
    expect(isPhoenixOrderId(100_000_000)).toBe(true);
    expect(isPhoenixOrderId(999_999_999)).toBe(true);
    expect(isPhoenixOrderId(99_999_999)).toBe(false);
    expect(isPhoenixOrderId(1_000_000_000)).toBe(false);
    expect(isPhoenixOrderId(123_456_789.5)).toBe(false);
  });

  it('does not export cancelled orders', () => {
    expect(isCancelledForExport(3, false)).toBe(false);
    expect(isCancelledForExport(3, true)).toBe(true);
    expect(isCancelledForExport(7, false)).toBe(true);
    expect(isCancelledForExport(14, false)).toBe(true);
  });
});

describe('failed order retry contract', () => {
  it('takes one to a hundred distinct ids', () => {
    expect(RetryFailedOrdersBody.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(RetryFailedOrdersBody.safeParse({ ids: [] }).success).toBe(false);
    expect(RetryFailedOrdersBody.safeParse({ ids: [1, 1] }).success).toBe(false);
    expect(RetryFailedOrdersBody.safeParse({ ids: ['1'] }).success).toBe(false);
    expect(
      RetryFailedOrdersBody.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success,
    ).toBe(false);
  });

  it('summarises outcomes', () => {
    const r = (outcome: 'exported' | 'failed' | 'queued') => ({
      id: 1,
      orderDocId: 'x',
      outcome,
      phoenixOrderId: null,
      message: '',
    });
    expect(retrySummary([r('exported'), r('exported'), r('failed')])).toBe('2 exported, 1 failed again');
    expect(retrySummary([r('queued')])).toBe('1 queued');
  });
});
