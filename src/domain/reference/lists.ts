// Reference lists of the spec (spec 2 §9, spec 3 §9). Each list is an ordered array of
// { id, name } so screens can render selects, plus a lookup helper.

export interface RefItem<Id extends number | string = number> {
  readonly id: Id;
  readonly name: string;
}

function lookup<Id extends number | string>(items: readonly RefItem<Id>[]) {
  const byId = new Map<Id, string>(items.map((i) => [i.id, i.name]));
  return (id: Id | null | undefined): string | undefined => (id == null ? undefined : byId.get(id));
}

export const COUNTRIES = [
  { id: 1, name: 'United States', code: 'us', iso: 'US', catalog: 'en-US', currency: 'USD' },
  { id: 2, name: 'Canada', code: 'ca', iso: 'CA', catalog: 'en-CA', currency: 'CAD' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const countryName = lookup<number>(COUNTRIES);
export const countryCode = (id: number): CountryCode => (id === 2 ? 'ca' : 'us');

/** Account-screen user types (spec 1 §3). */
export const USER_TYPES = [
  { id: 1, name: 'Consultant' },
  { id: 2, name: 'Member' },
  { id: 3, name: 'Client' },
  { id: 4, name: 'Employee' },
  { id: 5, name: 'Prospect' },
  { id: 7, name: 'Guest' },
] as const satisfies readonly RefItem[];
export const USER_TYPE = { consultant: 1, member: 2, client: 3, employee: 4, prospect: 5, guest: 7 } as const;
export const userTypeName = lookup<number>(USER_TYPES);

/** The promo tool labels the same ids differently (spec 3 §3). */
export const PROMO_USER_TYPES = [
  { id: 1, name: 'Distributor' },
  { id: 2, name: 'Preferred Customer' },
  { id: 3, name: 'Retail Customer' },
  { id: 4, name: 'Employee' },
  { id: 5, name: 'Prospect' },
  { id: 6, name: 'Partner' },
  { id: 7, name: 'Guest' },
] as const satisfies readonly RefItem[];
export const promoUserTypeName = lookup<number>(PROMO_USER_TYPES);

export const ACCOUNT_STATUSES = [
  { id: 1, name: 'Active' },
  { id: 2, name: 'Terminated' },
] as const satisfies readonly RefItem[];
export const accountStatusName = lookup<number>(ACCOUNT_STATUSES);

export const MEMBERSHIP_STATUSES = ['Pending Terms', 'Member', 'Expired', 'Declined'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number] | 'N/A';

export const ORDER_STATES = [
  { id: 1, name: 'Processing' },
  { id: 2, name: 'Reviewed' },
  { id: 3, name: 'Captured' },
  { id: 4, name: 'Printed' },
  { id: 5, name: 'Shipped' },
  { id: 6, name: 'Pending Review' },
  { id: 7, name: 'Cancelled' },
  { id: 8, name: 'Holding' },
  { id: 13, name: 'Partially Shipped' },
  { id: 14, name: 'Cancelled Paid' },
] as const satisfies readonly RefItem[];
export const ORDER_STATE = {
  processing: 1,
  reviewed: 2,
  captured: 3,
  printed: 4,
  shipped: 5,
  pendingReview: 6,
  cancelled: 7,
  holding: 8,
  partiallyShipped: 13,
  cancelledPaid: 14,
} as const;
export const orderStateName = lookup<number>(ORDER_STATES);

export const RETURN_STATUSES = [
  { id: 1, name: 'Initiated' },
  { id: 2, name: 'Received' },
  { id: 3, name: 'Completed' },
  { id: 4, name: 'Processing' },
] as const satisfies readonly RefItem[];
export const RETURN_STATUS = { initiated: 1, received: 2, completed: 3, processing: 4 } as const;
/** The pending returns list shows status 1 Initiated (DESIGN §5). */
export const PENDING_RETURN_STATUS = RETURN_STATUS.initiated;
export const returnStatusName = lookup<number>(RETURN_STATUSES);

export const ORDER_CHANNELS = [
  { id: 1, name: 'Web' },
  { id: 2, name: 'Consultant App' },
  { id: 3, name: 'POS' },
  { id: 4, name: 'Counterbase' },
  { id: 5, name: 'Storr' },
  { id: 6, name: 'Ordergroove' },
] as const satisfies readonly RefItem[];
export const orderChannelName = lookup<number>(ORDER_CHANNELS);

export const ORDER_TYPES = [
  { id: 2, name: 'Personal' },
  { id: 3, name: 'Social' },
  { id: 4, name: 'Portal' },
  { id: 6, name: 'Auto-replenishment' },
  { id: 8, name: 'Return' },
  { id: 10, name: 'Replacement' },
  { id: 11, name: 'Enrollment' },
  { id: 12, name: 'Employee' },
  { id: 16, name: 'Customer' },
  { id: 17, name: 'BCCOM' },
  { id: 18, name: 'Retail' },
  { id: 20, name: 'Adjustment' },
] as const satisfies readonly RefItem[];
export const ORDER_TYPE = {
  personal: 2,
  social: 3,
  portal: 4,
  autoReplenishment: 6,
  return: 8,
  replacement: 10,
  enrollment: 11,
  employee: 12,
  customer: 16,
  bccom: 17,
  retail: 18,
  adjustment: 20,
} as const;
export const orderTypeName = lookup<number>(ORDER_TYPES);

export const SHIPPING_OPTIONS = [
  { id: 1, name: 'Ground' },
  { id: 2, name: 'Second Day' },
  { id: 3, name: 'Next Day' },
  { id: 4, name: 'Priority' },
  { id: 5, name: 'Expedited' },
  { id: 6, name: 'Ship to Social' },
  { id: 7, name: 'Do Not Ship' },
] as const satisfies readonly RefItem[];
export const SHIP_TO_SOCIAL_OPTION = 6;
export const shippingOptionName = lookup<number>(SHIPPING_OPTIONS);

export const SHIPPING_METHODS = [
  { id: 3, name: 'Standard Ground' },
  { id: 5, name: '2nd Day' },
  { id: 6, name: 'Next Day' },
  { id: 9, name: 'Canada Standard' },
  { id: 10, name: 'Canada Expedited' },
  { id: 11, name: 'Express (3-5 business days)' },
  { id: 1011, name: 'Store Pickup' },
  { id: 1015, name: 'Express' },
  { id: 1016, name: 'Standard' },
  { id: 1018, name: 'Do Not Ship' },
] as const satisfies readonly RefItem[];
export const shippingMethodName = lookup<number>(SHIPPING_METHODS);

/**
 * An order's shipping method as staff read it: a popup order with shipping option 6 ships to the
 * social (ADR 003, 015: the option shares its id with the US Next Day method, which is not offered
 * once a popup is chosen).
 */
export const orderShippingMethodName = (methodId: number | null, socialId: number | null) =>
  methodId === SHIP_TO_SOCIAL_OPTION && socialId !== null
    ? shippingOptionName(SHIP_TO_SOCIAL_OPTION)
    : shippingMethodName(methodId);

export const CARRIERS = [
  { id: 1, name: 'FedEx' },
  { id: 2, name: 'USPS' },
  { id: 3, name: 'Canada Post' },
  { id: 4, name: 'Purolator' },
  { id: 6, name: 'DHL' },
  { id: 7, name: 'Canpar' },
  { id: 8, name: 'DHL Ground' },
  { id: 9, name: 'DHL' },
] as const satisfies readonly RefItem[];
export const carrierName = lookup<number>(CARRIERS);

/** Product credit adjustment reasons; some carry a fixed amount in dollars. */
export const ADJUSTMENT_REASONS = [
  { id: 1, name: 'Band of Beauty' },
  { id: 2, name: 'Defective / Damaged Item', fixedAmount: 10 },
  { id: 3, name: 'No Order Adjustments / Product Availability', fixedAmount: 5.95 },
  { id: 4, name: 'Other (CX Related)' },
  { id: 5, name: 'Out of Stock' },
  { id: 6, name: 'Partial Collection' },
  { id: 7, name: 'Product Recall' },
  { id: 8, name: 'Promo or Tech Error', fixedAmount: 10 },
  { id: 9, name: 'Replace Expired Credit' },
  { id: 10, name: 'Return Policy Exception' },
  { id: 11, name: 'Shipping or Order Error', fixedAmount: 10 },
  { id: 12, name: 'Product Credit Error' },
  { id: 13, name: 'Returns' },
  { id: 14, name: 'Consultant Credit' },
] as const satisfies readonly (RefItem & { fixedAmount?: number })[];

export const LOCALES = [
  { code: 'en-US', countryId: 1, languageId: 1, currency: { name: 'USD', format: '$0' } },
  { code: 'en-CA', countryId: 2, languageId: 1, currency: { name: 'CAD', format: '$0' } },
  { code: 'fr-CA', countryId: 2, languageId: 2, currency: { name: 'CAD', format: '0 $' } },
] as const;
export type LocaleCode = (typeof LOCALES)[number]['code'];

export const LANGUAGES = [
  { id: 1, name: 'English' },
  { id: 2, name: 'French' },
  { id: 3, name: 'Spanish' },
] as const satisfies readonly RefItem[];
export const languageName = lookup<number>(LANGUAGES);

export const GENDERS = [
  { id: 1, name: 'Female' },
  { id: 2, name: 'Male' },
  { id: 3, name: 'Not specified' },
] as const satisfies readonly RefItem[];

export const SORT_OPTIONS = ['recommended', 'price ascending', 'price descending'] as const;
