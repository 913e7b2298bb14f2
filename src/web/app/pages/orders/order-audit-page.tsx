import { OrderAudit } from '@web/features/orders/components/order-audit';
import { OrderFrame } from '@web/features/orders/components/order-frame';
import { useParams, useSearchParams } from 'react-router';

/** /orders/{id}/audit?page=: the orders-log of one order. */
export function OrderAuditPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  const onPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true });
  return <OrderFrame id={id}>{() => <OrderAudit id={id} page={page} onPage={onPage} />}</OrderFrame>;
}
