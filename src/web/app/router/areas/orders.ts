import type { Params, RouteObject } from 'react-router';
import { orderSubject, upcomingScreen } from './upcoming';

const toOrder = { label: 'Order info', to: (p: Params) => `/orders/${p.id ?? ''}/info` };
export const orderRoutes: RouteObject[] = [
  upcomingScreen('orders', 'Orders'),
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
  // The localized checkout URL the admin cart view starts checkout at (spec 2 §2); ordering builds it.
  upcomingScreen(':locale/checkout/:cartId', 'Checkout', { parent: { label: 'Carts', to: '/carts' } }),
];
