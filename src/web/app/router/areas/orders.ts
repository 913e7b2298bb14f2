import { SCREEN_STARTS } from '@domain/platform/screen-starts';
import type { Params, RouteObject } from 'react-router';
import { lazyPage, lazyScreen } from '../lazy-page';

import type { RouteHandle } from '../route-handle';

const orderSubject = (p: Params) => `Order ${p.id ?? ''}`;
const toOrder = { label: 'Order info', to: (p: Params) => `/orders/${p.id ?? ''}/info` };
const handle = (h: RouteHandle) => h;
export const orderRoutes: RouteObject[] = [
  {
    path: 'orders',
    // Without criteria the search lists the newest orders (ORDER_SEARCH_PAGE_SIZE to a page).
    ...lazyScreen(
      () => import('../../pages/orders/order-search-page').then((m) => m.OrderSearchPage),
      SCREEN_STARTS.orderSearch,
    ),
    handle: handle({ title: 'Orders' }),
  },
  {
    path: 'orders/failed',
    lazy: lazyPage(() => import('../../pages/orders/failed-orders-page').then((m) => m.FailedOrdersPage)),
    handle: handle({ title: 'Failed orders', parent: { label: 'Orders', to: '/orders' } }),
  },
  {
    path: 'orders/:id/info',
    ...lazyScreen(
      () => import('../../pages/orders/order-info-page').then((m) => m.OrderInfoPage),
      SCREEN_STARTS.orderInfo,
    ),
    handle: handle({
      title: 'Order info',
      subject: orderSubject,
      parent: { label: 'Orders', to: '/orders' },
    }),
  },
  {
    path: 'orders/:id/process',
    lazy: lazyPage(() => import('../../pages/orders/order-process-page').then((m) => m.OrderProcessPage)),
    handle: handle({ title: 'Process order', subject: orderSubject, parent: toOrder }),
  },
  {
    path: 'orders/:id/refunds',
    ...lazyScreen(
      () => import('../../pages/orders/order-refunds-page').then((m) => m.OrderRefundsPage),
      SCREEN_STARTS.orderRefunds,
    ),
    handle: handle({ title: 'Order refunds', subject: orderSubject, parent: toOrder }),
  },
  {
    path: 'orders/:id/audit',
    lazy: lazyPage(() => import('../../pages/orders/order-audit-page').then((m) => m.OrderAuditPage)),
    handle: handle({ title: 'Order audit', subject: orderSubject, parent: toOrder }),
  },
  {
    path: 'orders/portal/:id',
    lazy: lazyPage(() => import('../../pages/orders/portal-order-page').then((m) => m.PortalOrderPage)),
    handle: handle({ title: 'Portal order', subject: orderSubject, parent: toOrder }),
  },
  {
    path: 'returns',
    lazy: lazyPage(() => import('../../pages/orders/returns-page').then((m) => m.ReturnsPage)),
    handle: handle({ title: 'Returns' }),
  },
  // The localized checkout URL the admin cart view and the customer's "New order" lead to (spec 2 §2).
  {
    path: ':locale/checkout/:cartId',
    ...lazyScreen(
      () => import('../../pages/orders/checkout-page').then((m) => m.CheckoutPage),
      SCREEN_STARTS.checkout,
    ),
    handle: handle({ title: 'Checkout', parent: { label: 'Carts', to: '/carts' } }),
  },
];
