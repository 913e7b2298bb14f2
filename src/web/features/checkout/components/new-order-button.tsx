import { localeFor } from '@domain/checkout/locale';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createCart, useCheckoutAccount } from '../api/checkout';

/** Dashboard action "New order": a fresh cart for the customer, then the checkout screen. */
export function NewOrderButton({ uid }: { uid: string }) {
  const account = useCheckoutAccount(uid);
  const navigate = useNavigate();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const a = account.data;
      const locale = localeFor(a?.countryId ?? 1, a?.defaultLanguageId ?? 1);
      const cart = await createCart(uid, locale);
      navigate(`/${locale}/checkout/${cart.data.cartId}`);
    } catch (err) {
      alert.error(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={<AddShoppingCart />}
      onClick={start}
      loading={busy}
      disabled={!account.data}
    >
      New order
    </Button>
  );
}
