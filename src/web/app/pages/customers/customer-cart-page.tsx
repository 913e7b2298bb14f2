import { CartDetailView } from '@web/features/customers/components/cart-detail';
import { useParams } from 'react-router';

export function CustomerCartPage() {
  const params = useParams();
  return <CartDetailView uid={params.id ?? ''} cartId={params.cartId ?? ''} />;
}
