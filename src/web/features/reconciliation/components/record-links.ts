import type { Discrepancy } from '@domain/reconciliation/reconciliation';

// Where each discrepancy leads: the record it names (order, its refunds, the customer's credit)
// and the customer it concerns.

export interface RecordLink {
  label: string;
  to: string | null;
}

const orderPath = (id: string, tab: 'info' | 'refunds') => `/orders/${encodeURIComponent(id)}/${tab}`;

export function recordLink(d: Discrepancy): RecordLink {
  const order = d.orderLabel ?? d.orderDocId;
  switch (d.recordType) {
    case 'order':
      return {
        label: `Order ${order ?? d.recordId}`,
        to: orderPath(d.orderDocId ?? d.recordId, d.kind === 'overRefund' ? 'refunds' : 'info'),
      };
    case 'payment':
      return {
        label: `Payment of order ${order ?? '?'}`,
        to: d.orderDocId ? orderPath(d.orderDocId, d.kind === 'overRefund' ? 'refunds' : 'info') : null,
      };
    case 'refund':
      return {
        label: `Refund of order ${order ?? '?'}`,
        to: d.orderDocId ? orderPath(d.orderDocId, 'refunds') : null,
      };
    case 'productCredit':
      return {
        label: `Product credit (${(d.country ?? '').toUpperCase()})`,
        to: d.customerUid ? `/customers/${encodeURIComponent(d.customerUid)}/credit` : null,
      };
    case 'gatewayTransaction':
      return d.orderDocId
        ? { label: `Gateway transaction of order ${order}`, to: orderPath(d.orderDocId, 'info') }
        : { label: `Gateway transaction ${d.recordId}`, to: null };
  }
}

export const customerPath = (uid: string) => `/customers/${encodeURIComponent(uid)}/dashboard`;
