import { can } from '@domain/auth/permissions';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { OrderFrame } from '@web/features/orders/components/order-frame';
import { RefundsView } from '@web/features/refunds/components/refunds-view';
import { useParams } from 'react-router';

/** /orders/{orderId}/refunds: the order's refunds view (spec 2 §2). */
export function OrderRefundsPage() {
  const { id = '' } = useParams();
  const session = useSession();
  return (
    <OrderFrame id={id}>
      {() => <RefundsView orderId={id} canRefund={can(principalOf(session), 'refunds.manage')} />}
    </OrderFrame>
  );
}
