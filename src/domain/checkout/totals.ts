// Estimate arithmetic (spec 2 §5: order total = subtotal with overrides + shipping + tax − applied
// product credit). Integer cents; tax rounded once per base (products, shipping).

export interface TaxRate {
  rateBasisPoints: number;
  taxShipping: boolean;
}

export interface TotalsInput {
  prePromoSubtotal: number;
  /** Subtotal with promos and price overrides. */
  subtotal: number;
  shipping: number;
  appliedCredit: number;
  rate: TaxRate | null;
  overrideTax?: number | null;
  overrideShipping?: number | null;
}

const pct = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/**
 * Tax is on the products' subtotal (product credit is a tender, not a discount) and, where the
 * state or province taxes it, on shipping; staff overrides replace the computed amounts.
 */
export function orderTotals(i: TotalsInput) {
  const shipping = i.overrideShipping ?? i.shipping;
  const bp = i.rate?.rateBasisPoints ?? 0;
  const shippingTax = i.rate?.taxShipping ? pct(shipping, bp) : 0;
  const tax = i.overrideTax ?? pct(i.subtotal, bp) + shippingTax;
  const appliedCredit = Math.max(0, Math.min(i.appliedCredit, i.subtotal));
  return {
    prePromoSubtotal: i.prePromoSubtotal,
    discount: i.prePromoSubtotal - i.subtotal,
    subtotal: i.subtotal,
    shipping,
    tax,
    shippingTax: i.overrideTax == null ? shippingTax : 0,
    appliedCredit,
    grandTotal: i.subtotal + shipping + tax - appliedCredit,
  };
}
