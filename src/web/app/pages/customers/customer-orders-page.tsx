import { CustomerOrders } from '@web/features/customers/components/customer-orders';
import { useParams } from 'react-router';

export function CustomerOrdersPage() {
  return <CustomerOrders uid={useParams().id ?? ''} />;
}
