// The checkout's calls for its customer and its catalog, as a path and a query (or a body): built in one
// place for the screen's own calls (src/web/features/checkout/api/checkout.ts) and for the calls
// the route starts as soon as the cart has answered (SCREEN_STARTS.checkout.followUps), so that both
// ask for the same URL and the screen takes the answer already on its way. No schemas here: the
// router's chunk carries this module.
import type { GetCall, PostCall } from '../platform/calls';

/** Products on one page of the checkout's catalog. */
export const CATALOG_PAGE_SIZE = 24;

export interface CatalogFilter {
  localeCode: string;
  q: string;
  categoryId: number | null;
  sort: 'recommended' | 'price ascending' | 'price descending';
  enrollment: boolean;
  /** The cart's customer type: prices are then the ones that customer pays (ADR 023). */
  userType: number | null;
}

const enc = encodeURIComponent;

export const checkoutAccountCall = (uid: string): GetCall => [`/api/checkout/account/${enc(uid)}`];

/** The customer's saved cards for a country: a read sent as a POST (spec 2 §7). */
export const savedCardsCall = (uid: string, country: 1 | 2): PostCall => [
  'POST',
  `/api/customerCards/${enc(uid)}`,
  { country },
];

export const recentOrdersCall = (uid: string): GetCall => [`/api/customers/${enc(uid)}/recentOrders`];

export const categoriesCall = (localeCode: string): GetCall => ['/api/catalog/categories', { localeCode }];

export const catalogCall = (f: CatalogFilter): GetCall => [
  '/api/catalog/products',
  {
    localeCode: f.localeCode,
    q: f.q,
    sort: f.sort,
    enrollment: f.enrollment,
    limit: CATALOG_PAGE_SIZE,
    ...(f.categoryId ? { categoryId: f.categoryId } : {}),
    ...(f.userType ? { userType: f.userType } : {}),
  },
];

/** The catalog as the checkout first shows it for a cart: no search, no category, recommended first. */
export const firstCatalogFilter = (cart: { localeCode: string; typeId: number | null }): CatalogFilter => ({
  localeCode: cart.localeCode,
  q: '',
  categoryId: null,
  sort: 'recommended',
  enrollment: false,
  userType: cart.typeId,
});

/**
 * What the checkout asks for once its cart has answered: the customer's account, saved cards and
 * recent orders, the catalog's categories and its first page. Nothing when the answer is not a
 * cart with a customer.
 */
export function afterCart(answer: unknown): (GetCall | PostCall)[] {
  const cart = (
    answer as
      | { data?: { uid?: unknown; localeCode?: unknown; typeId?: unknown; countryId?: unknown } }
      | undefined
  )?.data;
  if (!cart || typeof cart.uid !== 'string' || !cart.uid || typeof cart.localeCode !== 'string') return [];
  const typeId = typeof cart.typeId === 'number' ? cart.typeId : null;
  return [
    checkoutAccountCall(cart.uid),
    savedCardsCall(cart.uid, cart.countryId === 2 ? 2 : 1),
    recentOrdersCall(cart.uid),
    categoriesCall(cart.localeCode),
    catalogCall(firstCatalogFilter({ localeCode: cart.localeCode, typeId })),
  ];
}
