import { SCREEN_STARTS } from '@domain/platform/screen-starts';
import { type RouteObject, redirect } from 'react-router';
import { lazyPage, lazyScreen } from '../lazy-page';
import type { RouteHandle } from '../route-handle';

// Customers (spec 1 §2): the search, then one layout for /customers/{uid}/… (header and tabs) with
// each tab nested inside it. {uid} is the account uid.

const handle = (h: RouteHandle) => h;

const tabs: RouteObject[] = [
  {
    index: true,
    loader: ({ params }) => redirect(`/customers/${encodeURIComponent(params.id ?? '')}/dashboard`),
  },
  {
    path: 'dashboard',
    ...lazyScreen(
      () => import('../../pages/customers/customer-dashboard-page').then((m) => m.CustomerDashboardPage),
      SCREEN_STARTS.customerDashboard,
    ),
    handle: handle({ title: 'Customer dashboard' }),
  },
  {
    path: 'detail',
    ...lazyScreen(
      () => import('../../pages/customers/customer-detail-page').then((m) => m.CustomerDetailPage),
      SCREEN_STARTS.customerDetail,
    ),
    handle: handle({ title: 'Customer detail' }),
  },
  {
    path: 'address',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-address-page').then((m) => m.CustomerAddressPage),
    ),
    handle: handle({ title: 'Addresses' }),
  },
  {
    path: 'credit',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-credit-page').then((m) => m.CustomerCreditPage),
    ),
    handle: handle({ title: 'Product credit' }),
  },
  {
    path: 'orders',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-orders-page').then((m) => m.CustomerOrdersPage),
    ),
    handle: handle({ title: 'Customer orders' }),
  },
  {
    path: 'audit',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-audit-page').then((m) => m.CustomerAuditPage),
    ),
    handle: handle({ title: 'Account audit' }),
  },
  {
    path: 'popups',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-popups-page').then((m) => m.CustomerPopupsPage),
    ),
    handle: handle({ title: 'Popups' }),
  },
  {
    path: 'popups/:popupId',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-popup-page').then((m) => m.CustomerPopupPage),
    ),
    handle: handle({ title: 'Popup detail' }),
  },
  {
    path: 'carts',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-carts-page').then((m) => m.CustomerCartsPage),
    ),
    handle: handle({ title: 'Customer carts' }),
  },
  {
    path: 'carts/:cartId',
    lazy: lazyPage(() => import('../../pages/customers/customer-cart-page').then((m) => m.CustomerCartPage)),
    handle: handle({ title: 'Cart detail' }),
  },
];

export const customerRoutes: RouteObject[] = [
  {
    path: 'customers',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-search-page').then((m) => m.CustomerSearchPage),
    ),
    handle: handle({ title: 'Customers' }),
  },
  {
    path: 'customers/:id',
    // The header of every tab: the account's summary.
    ...lazyScreen(
      () => import('../../pages/customers/customer-layout').then((m) => m.CustomerLayout),
      SCREEN_STARTS.customer,
    ),
    handle: handle({ title: 'Customer' }),
    children: tabs,
  },
  {
    path: 'carts',
    lazy: lazyPage(() => import('../../pages/carts/carts-page').then((m) => m.CartsPage)),
    handle: handle({ title: 'Carts' }),
  },
];
