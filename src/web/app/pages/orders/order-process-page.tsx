import { can } from '@domain/auth/permissions';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { OrderProcessView } from '@web/features/failed-orders/components/order-process';
import { useParams } from 'react-router';

export function OrderProcessPage() {
  const session = useSession();
  return <OrderProcessView id={useParams().id ?? ''} canRetry={can(principalOf(session), 'records.edit')} />;
}
