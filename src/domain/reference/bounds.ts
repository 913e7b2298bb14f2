import { formatMoney } from './money';
import { formatWholeNumber } from './plain-formats';

// The stated bounds of every amount and quantity staff can enter (ADR 026). The
// spec gives none beyond the item limit of 10 lines; these keep every figure a cart or an order can
// reach inside what its columns (integer cents) and the commerce query service's Int fields hold:
// the largest cart, with the largest shipping and tax overrides, is still below 2^31 − 1 cents.
// A value beyond its bound is refused with a field message and nothing is written; it is never
// clipped to the bound.

export const BOUNDS = {
  /** Units on one cart line (catalogue maximums of 10 or more mean "unlimited" up to this). */
  lineQuantity: 999,
  /** An override price per unit, in dollars (spec 2 §3: overridePrice is a float in dollars). */
  overridePriceDollars: 10_000,
  /** An override PV, QV or CV per unit. */
  overrideVolume: 100_000,
  /** What one cart may add up to, before and after promotions, in cents ($1,000,000.00). */
  cartTotalCents: 100_000_000,
  /** A staff shipping override on an order, in cents ($10,000.00). */
  shippingOverrideCents: 1_000_000,
  /** A staff tax override on an order, in cents ($250,000.00: a quarter of the largest cart). */
  taxOverrideCents: 25_000_000,
  /** Product credit applied to one order, in cents (never above the cart's largest total). */
  appliedCreditCents: 100_000_000,
  /** One refund amount (a card's share, product credit, a line's adjusted price), in cents. */
  refundCents: 100_000_000,
  /**
   * One card's share of a split payment, in cents: the most an order can come to (the largest
   * cart with the largest shipping and tax overrides, $1,260,000.00).
   */
  splitPaymentCents: 126_000_000,
} as const;

const dollars = (cents: number) => formatMoney(cents, 'USD', 'en-US');
const count = formatWholeNumber;

/**
 * The field messages of the bounds (ours: the spec is silent), written when read: formatting the
 * amounts at load time made Intl formatters on every screen that imports a bound, 70 ms of a
 * phone's main thread before its first paint (ADR 039).
 */
export const BOUND_MESSAGES = {
  get quantity() {
    return `Quantity cannot be more than ${count(BOUNDS.lineQuantity)}.`;
  },
  lineQuantity: (sku: string, held: number) =>
    `A cart line holds at most ${count(BOUNDS.lineQuantity)} units; this cart already has ${count(held)} of SKU ${sku}.`,
  get overridePrice() {
    return `Override price cannot be more than ${dollars(BOUNDS.overridePriceDollars * 100)}.`;
  },
  overrideVolume: (label: string) => `${label} cannot be more than ${count(BOUNDS.overrideVolume)}.`,
  get cartTotal() {
    return `This change would take the cart above ${dollars(BOUNDS.cartTotalCents)}, the most one cart may hold. Nothing was changed.`;
  },
  get shippingOverride() {
    return `Shipping override cannot be more than ${dollars(BOUNDS.shippingOverrideCents)}.`;
  },
  get taxOverride() {
    return `Tax override cannot be more than ${dollars(BOUNDS.taxOverrideCents)}.`;
  },
  get appliedCredit() {
    return `Product credit applied cannot be more than ${dollars(BOUNDS.appliedCreditCents)}.`;
  },
  get refund() {
    return `A refund amount cannot be more than ${dollars(BOUNDS.refundCents)}.`;
  },
  get splitPayment() {
    return `A card's amount cannot be more than ${dollars(BOUNDS.splitPaymentCents)}.`;
  },
};
