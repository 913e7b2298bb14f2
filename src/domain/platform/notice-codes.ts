// The codes of the notices (ADR 026): what the server changed or left out on its own. The screens
// that show notices take them from here, without the notice's contract (notices.ts).

export const NOTICE_CODES = {
  quantityCapped: 'quantity-capped',
  promoCodeReplaced: 'promo-code-replaced',
  membershipIneligible: 'membership-ineligible',
  renewalIneligible: 'renewal-ineligible',
  creditOverBalance: 'credit-over-balance',
  creditOverSubtotal: 'credit-over-subtotal',
} as const;
