import type { CheckoutAddress } from '@domain/checkout/checkout';

/** A shipping address on one line: name, street, city, region and postal code. */
export const addressLine = (a: CheckoutAddress) =>
  `${a.firstName} ${a.lastName}, ${[a.address, a.address2].filter(Boolean).join(', ')}, ${a.city}, ${a.region} ${a.postalCode}`;
