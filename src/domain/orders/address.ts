import { z } from 'zod';

/**
 * An order's shipping address as stored on the order (orders.shipping_address): what the order
 * detail shows and what correcting an address before a retried export answers.
 */
export const OrderAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable().optional(),
  address: z.string(),
  address2: z.string().nullable().optional(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  countryId: z.number().int(),
  telephone: z.string().nullable().optional(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;
