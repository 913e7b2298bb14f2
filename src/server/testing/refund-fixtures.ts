import { orderLines, orderPayments } from '../db/schema';
import { BuiltInGateway } from '../modules/payments/built-in-gateway';
import type { Db } from '../platform/db';
import { insertAccount, insertOrder } from './fixtures';

// A captured order paid on two cards through the gateway, plus product credit (API tests):
// A 2 × 25.00, B 1 × 19.99, a free sample; shipping 8.00; tax 7.00 (0.56 on shipping);
// 10.00 product credit; 74.99 charged as 40.00 + 34.99.

const card = (number: string) => ({ number, cvv: '123', expiry: '12/39', postalCode: '73301' });
let n = 0;

export async function twoCardOrder(
  db: Db,
  opts: { secondCard?: string; firstCard?: string; order?: Parameters<typeof insertOrder>[2] } = {},
) {
  const gateway = new BuiltInGateway(db);
  const customer = await insertAccount(db, {
    userType: 2,
    email: `refund${++n}-${Math.random()}@example.com`,
  });
  const order = await insertOrder(db, customer.uid, {
    customerUserType: 2,
    prePromoSubtotalCents: 6999,
    subtotalCents: 6999,
    shippingCents: 800,
    taxCents: 700,
    shippingTaxCents: 56,
    appliedCreditCents: 1000,
    grandTotalCents: 7499,
    ...opts.order,
  });
  await db.insert(orderLines).values([
    {
      orderId: order.id,
      lineNo: 1,
      sku: 'A',
      title: 'Lip Balm',
      quantity: 2,
      priceCents: 2500,
      adjustedPriceCents: 2500,
      totalCents: 5000,
      cv: 10,
      pv: 20,
      qv: 20,
    },
    {
      orderId: order.id,
      lineNo: 2,
      sku: 'B',
      title: 'Serum',
      quantity: 1,
      priceCents: 1999,
      adjustedPriceCents: 1999,
      totalCents: 1999,
      cv: 5,
      pv: 10,
      qv: 10,
    },
    {
      orderId: order.id,
      lineNo: 3,
      sku: 'S',
      title: 'Sample',
      quantity: 1,
      priceCents: 0,
      adjustedPriceCents: 0,
      totalCents: 0,
      isSample: true,
    },
  ]);
  const charge = async (number: string, amountCents: number) =>
    gateway.charge({
      source: { token: (await gateway.tokenizeCard(card(number))).token },
      amountCents,
      currency: 'USD',
      idempotencyKey: `charge-${order.id}-${amountCents}-${Math.random()}`,
      orderId: order.id,
    });
  const first = await charge(opts.firstCard ?? '4242424242424242', 4000);
  const second = await charge(opts.secondCard ?? '5555555555554444', 3499);
  await db.insert(orderPayments).values([
    {
      orderId: order.id,
      method: 'card',
      brand: 'Visa',
      accountNumber: '4242',
      transactionId: first.transactionId,
      amountCents: 4000,
      currency: 'USD',
    },
    {
      orderId: order.id,
      method: 'card',
      brand: 'Mastercard',
      accountNumber: '4444',
      transactionId: second.transactionId,
      amountCents: 3499,
      currency: 'USD',
    },
    {
      orderId: order.id,
      method: 'productCredit',
      transactionId: `pc_${order.id}`,
      amountCents: 1000,
      currency: 'USD',
    },
  ]);
  return { order, customer, first: first.transactionId, second: second.transactionId, gateway };
}

/**
 * A captured order of one line paid on one card (no shipping, no tax), e.g. the membership SKU
 * 9000 at 29.00; `creditCents` of it paid in product credit.
 */
export async function oneLineOrder(
  db: Db,
  line: { sku: string; priceCents: number; creditCents?: number },
  order: Parameters<typeof insertOrder>[2] = {},
) {
  const gateway = new BuiltInGateway(db);
  const customer = await insertAccount(db, {
    userType: 2,
    email: `refund${++n}-${Math.random()}@example.com`,
  });
  const credit = line.creditCents ?? 0;
  const onCard = line.priceCents - credit;
  const o = await insertOrder(db, customer.uid, {
    customerUserType: 2,
    prePromoSubtotalCents: line.priceCents,
    subtotalCents: line.priceCents,
    shippingCents: 0,
    taxCents: 0,
    shippingTaxCents: 0,
    appliedCreditCents: credit,
    grandTotalCents: onCard,
    ...order,
  });
  await db.insert(orderLines).values({
    orderId: o.id,
    lineNo: 1,
    sku: line.sku,
    title: line.sku,
    quantity: 1,
    priceCents: line.priceCents,
    adjustedPriceCents: line.priceCents,
    totalCents: line.priceCents,
  });
  const charged = await gateway.charge({
    source: { token: (await gateway.tokenizeCard(card('4242424242424242'))).token },
    amountCents: onCard,
    currency: 'USD',
    idempotencyKey: `charge-${o.id}-${Math.random()}`,
    orderId: o.id,
  });
  await db.insert(orderPayments).values([
    {
      orderId: o.id,
      method: 'card',
      brand: 'Visa',
      accountNumber: '4242',
      transactionId: charged.transactionId,
      amountCents: onCard,
      currency: 'USD',
    },
    ...(credit > 0
      ? [
          {
            orderId: o.id,
            method: 'productCredit' as const,
            transactionId: `pc_${o.id}`,
            amountCents: credit,
            currency: 'USD',
          },
        ]
      : []),
  ]);
  return { order: o, customer, card: charged.transactionId, gateway };
}
