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
  upcomingScreen('orders/failed', 'Failed orders', { parent: { label: 'Orders', to: '/orders' } }),
  upcomingScreen('orders/:id/info', 'Order info', {
    subject: orderSubject,
    parent: { label: 'Orders', to: '/orders' },
  }),
  upcomingScreen('orders/:id/process', 'Process order', { subject: orderSubject, parent: toOrder }),
  upcomingScreen('orders/:id/refunds', 'Order refunds', { subject: orderSubject, parent: toOrder }),
  upcomingScreen('orders/:id/audit', 'Order audit', { subject: orderSubject, parent: toOrder }),
  upcomingScreen('orders/portal/:id', 'Portal order', {
    subject: orderSubject,
    parent: { label: 'Orders', to: '/orders' },
  }),
  upcomingScreen('returns', 'Returns'),
];
