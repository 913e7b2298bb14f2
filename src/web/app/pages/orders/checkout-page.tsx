import { CheckoutHeader } from '@web/features/checkout/components/checkout-header';
import { CheckoutScreen } from '@web/features/checkout/components/checkout-screen';
import { useParams } from 'react-router';

/** The localized checkout URL (spec 2 §2): /{locale}/checkout/{cartId}, bookmarkable. */
export function CheckoutPage() {
  const params = useParams();
  return (
    <>
      <CheckoutHeader cartId={params.cartId ?? ''} />
      <CheckoutScreen
        key={params.cartId}
        cartId={params.cartId ?? ''}
        localeCode={params.locale ?? 'en-US'}
      />
    </>
  );
}
