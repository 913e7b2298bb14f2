// Ordering messages: the spec's word for word (spec 2 §5, §8), and ours where the spec is silent.

export const ORDERING_MESSAGES = {
  submitted: 'Your order was successfully submitted.',
  notSuccessful: (message: string) => `Your order was not successful. ${message}`.trim(),
  defaultError: 'Sorry, there was an error. Try again?',
  emptyCart: 'You cannot checkout if your cart is empty!',
  alreadyRedeemed: (promo: string) =>
    `This email has already redeemed ${promo} (one per email): the order was not placed. The cart now prices without it; review it and submit again.`,
  enrollmentStarted: 'Enrollment order started. Please start by adding an enrollment sku to the cart.',
  enrollmentUnverified: 'Unable to verify enrollment.  Please try again.',
  enrollmentTerms: 'The customer must accept the terms and conditions and enter their account details.',
  enrollmentCountry: "The account's country flag must match the order's country.",
  enrollmentMentor: 'The selected mentor must match the attributed consultant.',
  membershipIneligible: 'This account is not eligible for purchasing membership sku.',
  membershipPendingTerms:
    'This account has an order with pending terms and is not eligible for purchasing membership sku.',
  renewalIneligible: 'This account is not eligible for purchasing renewal sku.',
  creditOverBalance: 'Product credit applied may not exceed the available balance.',
  creditOverSubtotal: (applied: string) =>
    `Product credit applied may not exceed the order's subtotal; ${applied} was applied.`,
  noShippingMethod: 'Choose a shipping method.',
  methodNotOffered: 'That shipping method is not offered for this order any more. Choose another.',
  noPayment: 'Choose a saved card or enter a new card.',
  noAddress: 'Enter the shipping address.',
  voidShippingAddress: (why: string) => `We cannot ship to this address: ${why}`,
  cartCountry: "The cart's country does not match the shipping address country.",
  noSuchCard: 'That saved card does not belong to this customer.',
  cartOwner: 'This cart belongs to another customer.',
  inFlight: 'This checkout is already being submitted. Wait a moment.',
  keyOfAnotherCheckout: 'This idempotency key belongs to another checkout.',
  keyReused: 'This idempotency key was already used for a different order.',
  noSuchCustomer: 'No customer with that id.',
  popupNotOpen: 'That pop-up is not open for this customer. Choose another or none.',
  popupNoAddress:
    'The pop-up host has no shipping address on file in this country; ship to the customer instead.',
} as const;

/** Codes the estimate answers with (spec 2 §8: the void-shipping-address code shows the server message). */
export const ESTIMATE_CODES = {
  voidShippingAddress: 'void-shipping-address',
  emptyCart: 'empty-cart',
} as const;
