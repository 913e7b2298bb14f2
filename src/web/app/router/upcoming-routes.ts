import type { Action } from '@domain/auth/permissions';
import type { Params, RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import type { RouteHandle } from './route-handle';

// Screens of the route table that later issues build (customers, orders, batch work, promos,
// incentives). They are registered now so links and bookmarks work, and share one honest
// "not available yet" screen.

const upcoming = lazyPage(() => import('../pages/upcoming-page').then((m) => m.UpcomingPage));

function screen(path: string, title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteObject {
  return { path, lazy: upcoming, handle: { title, ...extra } satisfies RouteHandle };
}

const customer = (p: Params) => `Customer ${p.id ?? ''}`;
const order = (p: Params) => `Order ${p.id ?? ''}`;
const toCustomer = { label: 'Customer dashboard', to: (p: Params) => `/customers/${p.id ?? ''}/dashboard` };
const toOrder = { label: 'Order info', to: (p: Params) => `/orders/${p.id ?? ''}/info` };

const customerScreens: [string, string][] = [
  ['dashboard', 'Customer dashboard'],
  ['detail', 'Customer detail'],
  ['address', 'Addresses'],
  ['credit', 'Product credit'],
  ['orders', 'Customer orders'],
  ['audit', 'Account audit'],
  ['popups', 'Popups'],
  ['carts', 'Customer carts'],
];

export const customerRoutes: RouteObject[] = [
  screen('customers', 'Customers'),
  ...customerScreens.map(([path, title]) =>
    screen(`customers/:id/${path}`, title, {
      subject: customer,
      parent: path === 'dashboard' ? { label: 'Customers', to: '/customers' } : toCustomer,
    }),
  ),
  screen('customers/:id/popups/:popupId', 'Popup detail', {
    subject: (p) => `${customer(p)} · popup ${p.popupId ?? ''}`,
    parent: { label: 'Popups', to: (p) => `/customers/${p.id ?? ''}/popups` },
  }),
  screen('customers/:id/carts/:cartId', 'Cart detail', {
    subject: (p) => `${customer(p)} · cart ${p.cartId ?? ''}`,
    parent: { label: 'Customer carts', to: (p) => `/customers/${p.id ?? ''}/carts` },
  }),
  screen('carts', 'Carts'),
];

export const orderRoutes: RouteObject[] = [
  screen('orders', 'Orders'),
  screen('orders/failed', 'Failed orders', { parent: { label: 'Orders', to: '/orders' } }),
  screen('orders/:id/info', 'Order info', { subject: order, parent: { label: 'Orders', to: '/orders' } }),
  screen('orders/:id/process', 'Process order', { subject: order, parent: toOrder }),
  screen('orders/:id/refunds', 'Order refunds', { subject: order, parent: toOrder }),
  screen('orders/:id/audit', 'Order audit', { subject: order, parent: toOrder }),
  screen('orders/portal/:id', 'Portal order', { subject: order, parent: { label: 'Orders', to: '/orders' } }),
  screen('returns', 'Returns'),
];

const batch: Action = 'batch.manage';
const batchOrder = (p: Params) => `Batch ${p.id ?? ''}`;

export const batchRoutes: RouteObject[] = [
  screen('batchOrders', 'Batch orders', { action: batch }),
  screen('batchOrders/:id/details', 'Batch order details', {
    action: batch,
    subject: batchOrder,
    parent: { label: 'Batch orders', to: '/batchOrders' },
  }),
  screen('batchOrders/:id/failed', 'Failed batch rows', {
    action: batch,
    subject: batchOrder,
    parent: { label: 'Batch orders', to: '/batchOrders' },
  }),
  screen('bulkLedgers', 'Bulk ledgers', { action: batch }),
];

const toPromos = { label: 'Promos', to: '/promos' };

export const promoRoutes: RouteObject[] = [
  screen('promos', 'Promos'),
  screen('promos/tool', 'Promo tool', { parent: toPromos }),
  screen('promos/editor', 'Promo editor', { parent: toPromos }),
  screen('promos/editor/:promoName', 'Promo editor', {
    subject: (p) => `Rule ${p.promoName ?? ''}`,
    parent: { label: 'Promo list', to: '/promos/list' },
  }),
  screen('promos/list', 'Promo list', { parent: toPromos }),
  screen('promos/create', 'Create promo', { parent: toPromos }),
];

const incentives = { action: 'incentives.manage', flag: 'incentives' } as const;
const toIncentives = { label: 'Incentives', to: '/incentives' };

export const incentiveRoutes: RouteObject[] = [
  screen('incentives', 'Incentives', incentives),
  screen('incentives/milestone1', 'Milestone 1', { ...incentives, parent: toIncentives }),
  screen('incentives/milestone2', 'Milestone 2', { ...incentives, parent: toIncentives }),
  screen('incentives/milestone3', 'Milestone 3', { ...incentives, parent: toIncentives }),
  screen('incentives/enrollers', 'Enroller payouts', { ...incentives, parent: toIncentives }),
];
