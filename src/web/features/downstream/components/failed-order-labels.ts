import { orderNumberLabel } from '@domain/customers/order-status';
import type { FailedOrder } from '@domain/downstream/failed';
import { formatDateTime } from '@web/lib/format';

/** The failed order's number, as its customer's type shows it. */
export const labelOf = (f: Pick<FailedOrder, 'orderId' | 'customerUserType'>) =>
  orderNumberLabel(f.orderId, f.customerUserType);

/** When the order failed; undated failures say so. */
export const failedAt = (f: FailedOrder) =>
  f.context.dateCreatedUTC ? formatDateTime(f.context.dateCreatedUTC) : 'No date';
