import type { RefundOrder } from '@domain/refunds/refunds';
import { type Quantities, quantityIssue } from './refund-items';

// The products chosen for a refund: a quantity per product line (its SKU at its price).

export const itemKey = (sku: string, price: number) => `${sku}@${price}`;

/** The products to return: the lines with a good quantity above zero. */
export const returnItemsOf = (order: RefundOrder, quantities: Quantities) =>
  order.refundable
    .map((r) => ({
      sku: r.sku,
      adjustedPrice: r.adjustedPrice,
      text: quantities[itemKey(r.sku, r.adjustedPrice)] ?? '',
      max: r.refundable,
    }))
    .filter((r) => r.text.trim() !== '' && quantityIssue(r.text, r.max) === null && Number(r.text) > 0)
    .map((r) => ({ sku: r.sku, adjustedPrice: r.adjustedPrice, quantity: Number(r.text) }));
