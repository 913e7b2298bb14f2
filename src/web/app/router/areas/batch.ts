import type { Action } from '@domain/auth/permissions';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';
import type { RouteHandle } from '../route-handle';

const batch: Action = 'batch.manage';
const handle = (h: RouteHandle) => h;

export const batchRoutes: RouteObject[] = [
  {
    path: 'batchOrders',
    lazy: lazyPage(() => import('../../pages/orders/batch-orders-page').then((m) => m.BatchOrdersPage)),
    handle: handle({ title: 'Batch orders', action: batch }),
  },
  {
    path: 'batchOrders/:id/details',
    lazy: lazyPage(() =>
      import('../../pages/orders/batch-order-details-page').then((m) => m.BatchOrderDetailsPage),
    ),
    handle: handle({ title: 'Batch order details', action: batch }),
  },
  {
    path: 'batchOrders/:id/failed',
    lazy: lazyPage(() =>
      import('../../pages/orders/batch-order-failed-page').then((m) => m.BatchOrderFailedPage),
    ),
    handle: handle({ title: 'Failed batch rows', action: batch }),
  },
  {
    path: 'bulkLedgers',
    lazy: lazyPage(() => import('../../pages/orders/bulk-ledgers-page').then((m) => m.BulkLedgersPage)),
    handle: handle({ title: 'Bulk ledgers', action: batch }),
  },
];
