import { NewCartButton } from '@web/features/carts/components/carts-screen';
import { CustomerCarts } from '@web/features/customers/components/carts';
import { useParams } from 'react-router';

export function CustomerCartsPage() {
  const uid = useParams().id ?? '';
  return <CustomerCarts uid={uid} actions={<NewCartButton uid={uid} />} />;
}
