import type { Action } from '@domain/auth/permissions';
import type { Params, RouteObject } from 'react-router';
import { upcomingScreen } from './upcoming';

const batch: Action = 'batch.manage';
const batchOrder = (p: Params) => `Batch ${p.id ?? ''}`;

export const batchRoutes: RouteObject[] = [
  upcomingScreen('batchOrders', 'Batch orders', { action: batch }),
  upcomingScreen('batchOrders/:id/details', 'Batch order details', {
    action: batch,
    subject: batchOrder,
    parent: { label: 'Batch orders', to: '/batchOrders' },
  }),
  upcomingScreen('batchOrders/:id/failed', 'Failed batch rows', {
    action: batch,
    subject: batchOrder,
    parent: { label: 'Batch orders', to: '/batchOrders' },
  }),
  upcomingScreen('bulkLedgers', 'Bulk ledgers', { action: batch }),
];
