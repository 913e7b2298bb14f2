import type { Params, RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';
import type { RouteHandle } from '../route-handle';
import { customerSubject, upcomingScreen } from './upcoming';

const toCustomer = { label: 'Customer dashboard', to: (p: Params) => `/customers/${p.id ?? ''}/dashboard` };

const customerScreens: [string, string][] = [
  ['dashboard', 'Customer dashboard'],
  ['orders', 'Customer orders'],
  ['popups', 'Popups'],
  ['carts', 'Customer carts'],
];

export const customerRoutes: RouteObject[] = [
  upcomingScreen('customers', 'Customers'),
  ...customerScreens.map(([path, title]) =>
    upcomingScreen(`customers/:id/${path}`, title, {
      subject: customerSubject,
      parent: path === 'dashboard' ? { label: 'Customers', to: '/customers' } : toCustomer,
    }),
  ),
  {
    path: 'customers/:id/address',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-address-page').then((m) => m.CustomerAddressPage),
    ),
    handle: { title: 'Addresses', subject: customerSubject, parent: toCustomer } satisfies RouteHandle,
  },
  {
    path: 'customers/:id/credit',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-credit-page').then((m) => m.CustomerCreditPage),
    ),
    handle: { title: 'Product credit', subject: customerSubject, parent: toCustomer } satisfies RouteHandle,
  },
  {
    path: 'customers/:id/detail',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-detail-page').then((m) => m.CustomerDetailPage),
    ),
    handle: { title: 'Customer detail', subject: customerSubject, parent: toCustomer } satisfies RouteHandle,
  },
  {
    path: 'customers/:id/audit',
    lazy: lazyPage(() =>
      import('../../pages/customers/customer-audit-page').then((m) => m.CustomerAuditPage),
    ),
    handle: { title: 'Account audit', subject: customerSubject, parent: toCustomer } satisfies RouteHandle,
  },
  upcomingScreen('customers/:id/popups/:popupId', 'Popup detail', {
    subject: (p) => `${customerSubject(p)} · popup ${p.popupId ?? ''}`,
    parent: { label: 'Popups', to: (p) => `/customers/${p.id ?? ''}/popups` },
  }),
  upcomingScreen('customers/:id/carts/:cartId', 'Cart detail', {
    subject: (p) => `${customerSubject(p)} · cart ${p.cartId ?? ''}`,
    parent: { label: 'Customer carts', to: (p) => `/customers/${p.id ?? ''}/carts` },
  }),
  upcomingScreen('carts', 'Carts'),
];
