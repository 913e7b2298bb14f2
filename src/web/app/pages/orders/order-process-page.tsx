import { can } from '@domain/auth/permissions';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { OrderProcessView } from '@web/features/downstream/components/order-process';
import { OrderFrame } from '@web/features/orders/components/order-frame';
import { useParams } from 'react-router';

/** /orders/{id}/process (spec 2 §2): a tab of the order, like Info, Refunds and Audit. */
export function OrderProcessPage() {
  const { id = '' } = useParams();
  const canRetry = can(principalOf(useSession()), 'records.edit');
  return <OrderFrame id={id}>{() => <OrderProcessView id={id} canRetry={canRetry} />}</OrderFrame>;
}
