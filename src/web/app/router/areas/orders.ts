import type { Params, RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';
import type { RouteHandle } from '../route-handle';
import { orderSubject, upcomingScreen } from './upcoming';

const toOrder = { label: 'Order info', to: (p: Params) => `/orders/${p.id ?? ''}/info` };
export const orderRoutes: RouteObject[] = [
  {
    path: 'orders',
    lazy: lazyPage(() => import('../../pages/orders/order-search-page').then((m) => m.OrderSearchPage)),
    handle: { title: 'Orders' } satisfies RouteHandle,
  },
  {
    path: 'orders/failed',
    lazy: lazyPage(() => import('../../pages/orders/failed-orders-page').then((m) => m.FailedOrdersPage)),
    handle: { title: 'Failed orders', parent: { label: 'Orders', to: '/orders' } } satisfies RouteHandle,
  },
  upcomingScreen('orders/:id/info', 'Order info', {
    subject: orderSubject,
    parent: { label: 'Orders', to: '/orders' },
  }),
  {
    path: 'orders/:id/process',
    lazy: lazyPage(() => import('../../pages/orders/order-process-page').then((m) => m.OrderProcessPage)),
    handle: { title: 'Process order', subject: orderSubject, parent: toOrder } satisfies RouteHandle,
  },
  upcomingScreen('orders/:id/refunds', 'Order refunds', { subject: orderSubject, parent: toOrder }),
  upcomingScreen('orders/:id/audit', 'Order audit', { subject: orderSubject, parent: toOrder }),
  upcomingScreen('orders/portal/:id', 'Portal order', {
    subject: orderSubject,
    parent: { label: 'Orders', to: '/orders' },
  }),
  upcomingScreen('returns', 'Returns'),
];
