import { CustomerCarts } from '@web/features/customers/components/carts';
import { useParams } from 'react-router';

export function CustomerCartsPage() {
  return <CustomerCarts uid={useParams().id ?? ''} />;
}
