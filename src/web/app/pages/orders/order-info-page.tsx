import { principalOf, useSession } from '@web/features/auth/api/session';
import { OrderFrame } from '@web/features/orders/components/order-frame';
import { OrderInfo } from '@web/features/orders/components/order-info';
import { useParams } from 'react-router';

/** /orders/{id}/info (spec 2 §2 Order detail). */
export function OrderInfoPage() {
  const { id = '' } = useParams();
  const principal = principalOf(useSession());
  return <OrderFrame id={id}>{(order) => <OrderInfo order={order} principal={principal} />}</OrderFrame>;
}
