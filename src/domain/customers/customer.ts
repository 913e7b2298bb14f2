import { z } from 'zod';
import { ok } from '../platform/envelope';
import { decimalInt, userUid } from '../platform/ids';
import { AccountRef, MembershipStatusValue } from './search';

// Read contracts of the customer screens (spec 1 §2–§4): the header every tab shows, the
// dashboard, orders, popups, carts and genealogy. Dates are ISO strings; money is integer cents.

export const CustomerParams = z.object({ uid: userUid('Not a customer id') });

/** Who the customer is: the header of every customer tab. */
export const CustomerSummary = z.object({
  uid: z.string(),
  phoenixId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  userType: z.number().int(),
  countryId: z.number().int(),
  accountStatus: z.number().int(),
  membershipStatus: MembershipStatusValue,
  /** spec 1 §4: status member and an expiration date in the future. */
  activeMember: z.boolean(),
  memberExpirationDateUtc: z.string().nullable(),
  /** Spec 1 §1 account types: the stored type first, then the derived ones (ADR 027). */
  accountTypes: z.array(z.string()),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;
export const CustomerSummaryAnswer = ok(CustomerSummary);

export const OrderRow = z.object({
  /** Order document id: the {id} of /orders/{id}/info. */
  id: z.string(),
  orderId: z.number().int(),
  phoenixOrderId: z.number().int().nullable(),
  dateCreatedUtc: z.string(),
  orderType: z.number().int(),
  state: z.number().int(),
  /** Displayed status (spec 2 §4): Shipped, Printed, the state name, Pending Terms, Pending Pop-up. */
  status: z.string(),
  customerUserType: z.number().int(),
  grandTotalCents: z.number().int(),
  currency: z.string(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export const CustomerOrdersQuery = z.object({ page: decimalInt(1, 100_000).default(1) });
/** A page of 20 (spec 1 §9); `hasMore` when it came back full. */
export const CustomerOrdersAnswer = z.object({
  success: z.literal(true),
  data: z.array(OrderRow),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type CustomerOrdersAnswer = z.infer<typeof CustomerOrdersAnswer>;

export const Popup = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  openingDate: z.string().nullable(),
  closingDate: z.string().nullable(),
  totalCents: z.number().int(),
  orderCount: z.number().int(),
  currency: z.string(),
});
export type Popup = z.infer<typeof Popup>;
export const PopupParams = CustomerParams.extend({ popupId: decimalInt(1, 2_147_483_647, 'Not a popup id') });
export const PopupsAnswer = ok(z.array(Popup));
export const PopupDetail = Popup.extend({
  orders: z.array(OrderRow.extend({ customerUid: z.string(), customerName: z.string() })),
  carts: z.number().int(),
});
export type PopupDetail = z.infer<typeof PopupDetail>;
export const PopupDetailAnswer = ok(PopupDetail);

export const CartLine = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  totalCents: z.number().int(),
  isPromo: z.boolean(),
  isHostReward: z.boolean(),
});
export const CartSummary = z.object({
  cartId: z.string(),
  activeLocale: z.string(),
  currency: z.string(),
  socialId: z.number().int().nullable(),
  canceled: z.boolean(),
  totalProducts: z.number().int(),
  subtotalCents: z.number().int(),
  createdAt: z.string(),
  lastSaved: z.string(),
});
export type CartSummary = z.infer<typeof CartSummary>;
export const CartsAnswer = ok(z.array(CartSummary));
export const CartInstance = z.object({
  localeCode: z.string(),
  currency: z.string(),
  lines: z.array(CartLine),
  subtotalCents: z.number().int(),
  prePromoSubtotalCents: z.number().int(),
  promoCodes: z.array(z.object({ code: z.string(), success: z.boolean() })),
  hostRewards: z.array(z.object({ sku: z.string(), quantity: z.number().int(), isFree: z.boolean() })),
});
export const CartDetail = CartSummary.extend({
  userEmail: z.string().nullable(),
  instances: z.array(CartInstance),
});
export type CartDetail = z.infer<typeof CartDetail>;
export const CartParams = CustomerParams.extend({
  cartId: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not a cart id'),
});
export const CartDetailAnswer = ok(CartDetail);

export const GenealogyTree = z.enum(['sponsor', 'enroller']);
export type GenealogyTree = z.infer<typeof GenealogyTree>;
export const DownlineQuery = z.object({
  tree: GenealogyTree.default('sponsor'),
  /** Levels of rows returned below the account (the count always covers the whole downline). */
  depth: decimalInt(1, 3).default(1),
});
export const DownlineNode = z.object({
  uid: z.string(),
  phoenixId: z.number().int(),
  /** phoenixId of the node above it in the tree. */
  parentPhoenixId: z.number().int(),
  level: z.number().int(),
  fullName: z.string(),
  userType: z.number().int(),
  countryId: z.number().int(),
  accountStatus: z.number().int(),
  /** Accounts directly below this one. */
  directCount: z.number().int(),
});
export type DownlineNode = z.infer<typeof DownlineNode>;
export const Downline = z.object({
  tree: GenealogyTree,
  phoenixId: z.number().int(),
  depth: z.number().int(),
  directCount: z.number().int(),
  totalCount: z.number().int(),
  /** The count stopped at its cap: there are more than `totalCount`. */
  totalCapped: z.boolean(),
  nodes: z.array(DownlineNode),
  /** More rows than the answer carries (the tree is browsed a few levels at a time). */
  truncated: z.boolean(),
});
export type Downline = z.infer<typeof Downline>;
export const DownlineAnswer = ok(Downline);

export const ProductCreditBalance = z.object({
  country: z.enum(['us', 'ca']),
  balanceCents: z.number().int(),
  expirationDate: z.string().nullable(),
});

export const RecentChange = z.object({
  id: z.number().int(),
  action: z.string(),
  changedBy: z.string(),
  changedByName: z.string().nullable(),
  dateChangedUtc: z.string(),
  paths: z.array(z.string()),
});

export const Title = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const CustomerDashboard = z.object({
  customer: CustomerSummary,
  enrollmentDateUtc: z.string().nullable(),
  nextRenewalDateUtc: z.string().nullable(),
  /** Stored as phoenixIds that default to 1, the company (spec 1 §4); uid null for the company. */
  sponsor: AccountRef,
  enroller: AccountRef,
  paidAsTitle: Title,
  recognitionTitle: Title,
  productCredit: z.array(ProductCreditBalance),
  lastOrders: z.array(OrderRow),
  openCarts: z.array(CartSummary),
  popups: z.array(Popup),
  recentChanges: z.array(RecentChange),
  /** Downline sizes; `capped` when the total stopped at the dashboard's cap (shown as "10,000+"). */
  downline: z.object({
    sponsor: z.object({ direct: z.number().int(), total: z.number().int(), capped: z.boolean() }),
    enroller: z.object({ direct: z.number().int(), total: z.number().int(), capped: z.boolean() }),
  }),
});
export type CustomerDashboard = z.infer<typeof CustomerDashboard>;
export const CustomerDashboardAnswer = ok(CustomerDashboard);

/** GET /api/accounts/getAccountInfo/{id}: {id} all digits is a phoenixId, anything else a uid. */
export const AccountInfoParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not an account number or account id'),
});
export const AccountInfo = CustomerSummary.extend({
  sponsorId: z.number().int(),
  enrollerId: z.number().int(),
  paidAsTitleId: z.number().int().nullable(),
  recognitionTitleId: z.number().int().nullable(),
  paidAsTitle: z.string().nullable(),
  recognitionTitle: z.string().nullable(),
  pwsKey: z.string().nullable(),
  enrollmentDateUtc: z.string().nullable(),
  nextRenewalDateUtc: z.string().nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;
export const AccountInfoAnswer = ok(AccountInfo);

export { COMPANY_NAME } from './search';
export const CUSTOMER_NOT_FOUND = 'No customer with that id.';
