// The checkout forms flagged persist (spec 3 §3 Form field): kept per locale in session storage
// (src/web/lib/session-store.ts) and restored, until the order is placed. Only fields that are
// safe to keep: the shipping address, the card's postal code and the save-card choice — never a
// card number, its expiry or its security code.

export const PERSISTED_CHECKOUT_FORMS = ['checkout-shipping', 'checkout-payment'] as const;

export const SHIPPING_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'address',
  'address2',
  'city',
  'region',
  'postalCode',
  'telephone',
] as const;
export type ShippingDraft = Partial<Record<(typeof SHIPPING_FIELDS)[number], string>>;

/** The address fields worth keeping: strings only, and only the listed ones. */
export function shippingDraftOf(values: unknown): ShippingDraft {
  const out: ShippingDraft = {};
  if (typeof values !== 'object' || values === null) return out;
  for (const field of SHIPPING_FIELDS) {
    const v = (values as Record<string, unknown>)[field];
    if (typeof v === 'string' && v !== '') out[field] = v.slice(0, 200);
  }
  return out;
}

export interface PaymentDraft {
  postal?: string;
  save?: boolean;
}

export function paymentDraftOf(values: unknown): PaymentDraft {
  if (typeof values !== 'object' || values === null) return {};
  const v = values as Record<string, unknown>;
  return {
    ...(typeof v.postal === 'string' && v.postal ? { postal: v.postal.slice(0, 20) } : {}),
    ...(typeof v.save === 'boolean' ? { save: v.save } : {}),
  };
}
