import { OrderFrame } from '@web/features/orders/components/order-frame';
import { PortalOrder } from '@web/features/orders/components/portal-order';
import { useParams } from 'react-router';

/** /orders/portal/{id} (spec 2 §2 Portal order view). */
export function PortalOrderPage() {
  const { id = '' } = useParams();
  return <OrderFrame id={id}>{(order) => <PortalOrder order={order} />}</OrderFrame>;
}
