import { type Crumb, PageHeader } from '@web/components/page-header';
import { useCheckoutAccount, useCheckoutCart } from '../api/checkout';

/**
 * The checkout's title block: "Checkout" under Customers › the customer, like every
 * other screen. It reads the cart and account the checkout itself loads (same queries, no extra
 * request); until they answer the customer's crumb is left out.
 */
export function CheckoutHeader({ cartId }: { cartId: string }) {
  const cart = useCheckoutCart(cartId);
  const uid = cart.data?.uid ?? null;
  const account = useCheckoutAccount(uid);
  const crumbs: Crumb[] = [{ label: 'Customers', to: '/customers' }];
  if (uid && account.data)
    crumbs.push({
      label: `${account.data.firstName} ${account.data.lastName}`,
      to: `/customers/${encodeURIComponent(uid)}/dashboard`,
    });
  crumbs.push({ label: 'Checkout' });
  return <PageHeader title="Checkout" breadcrumbs={crumbs} />;
}
