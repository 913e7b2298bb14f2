import { z } from 'zod';
import { MembershipStatusValue } from '../customers/search';
import { ok } from '../platform/envelope';

// The customer view (spec 1 §4 Sign in as the customer; ADR 022): what a staff member sees after
// "Sign in as customer" — the customer's own account, read-only, in the customer's words. Its
// session is a kind apart from staff sessions: its own cookie, limited to /api/customer-view.

export const CUSTOMER_VIEW_COOKIE = 'bo_customer_view';
export const CUSTOMER_VIEW_API = '/api/customer-view';
/** A customer view lasts at most this long after the link is followed. */
export const CUSTOMER_VIEW_TTL_MS = 30 * 60 * 1000;
/** The landing page the sign-in link opens: `/login/token?token=…`. */
export const CUSTOMER_VIEW_PAGE = '/login/token';

export const CUSTOMER_VIEW_MESSAGES = {
  linkInvalid: 'This sign-in link has expired or was already used.',
  linkInvalidHelp:
    'Sign-in links work once, for five minutes. Ask for a new one from the customer’s account.',
  ended: 'This customer view has ended.',
  endedHelp: 'It lasts 30 minutes, or until it is closed. Sign in as the customer again from their account.',
} as const;

export const RedeemCustomerTokenRequest = z.object({
  token: z.string().min(20, 'Not a sign-in link').max(200, 'Not a sign-in link'),
});

export const CustomerViewSession = z.object({
  customer: z.object({ uid: z.string(), phoenixId: z.number().int(), fullName: z.string() }),
  /** The staff member who signed in as the customer. */
  staff: z.object({ name: z.string(), email: z.string() }),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type CustomerViewSession = z.infer<typeof CustomerViewSession>;
export const CustomerViewSessionAnswer = ok(CustomerViewSession);

export const CustomerViewAccount = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  phoenixId: z.number().int(),
  userType: z.number().int(),
  countryId: z.number().int(),
  defaultLanguageId: z.number().int(),
  membershipStatus: MembershipStatusValue,
  memberExpirationDateUtc: z.string().nullable(),
  enrollmentDateUtc: z.string().nullable(),
  /** Their consultant (the sponsor), by name only; null when it is the company. */
  consultantName: z.string().nullable(),
});

export const CustomerViewAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  companyName: z.string().nullable(),
  lines: z.array(z.string()),
  telephone: z.string().nullable(),
  isDefaultShipping: z.boolean(),
});

export const CustomerViewOrder = z.object({
  /** The number the customer reads: F/X + order id. */
  orderNumber: z.string(),
  dateCreatedUtc: z.string(),
  status: z.string(),
  grandTotalCents: z.number().int(),
  currency: z.string(),
});

export const CustomerViewCart = z.object({
  cartId: z.string(),
  currency: z.string(),
  totalProducts: z.number().int(),
  subtotalCents: z.number().int(),
  lastSaved: z.string(),
  forPopup: z.boolean(),
});

export const CustomerViewCredit = z.object({
  country: z.enum(['us', 'ca']),
  balanceCents: z.number().int(),
  expirationDate: z.string().nullable(),
});

/** Everything the landing page shows, in one read. */
export const CustomerViewOverview = z.object({
  account: CustomerViewAccount,
  addresses: z.array(CustomerViewAddress),
  /** The most recent orders, newest first. */
  orders: z.array(CustomerViewOrder),
  /** More orders exist than `orders` holds. */
  moreOrders: z.boolean(),
  carts: z.array(CustomerViewCart),
  productCredit: z.array(CustomerViewCredit),
});
export type CustomerViewOverview = z.infer<typeof CustomerViewOverview>;
export const CustomerViewOverviewAnswer = ok(CustomerViewOverview);
