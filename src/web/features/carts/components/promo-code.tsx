import type { CartView } from '@domain/carts/cart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { usePromoCode, useRemovePromoCode } from '../api/carts';

/** Promo code entry with its result (spec 2 §2, §5): applied, or why not. */
export function PromoCode({ cart }: { cart: CartView }) {
  const [code, setCode] = useState('');
  const enter = usePromoCode(cart.cartId);
  const remove = useRemovePromoCode(cart.cartId);
  const alert = useAlert();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    enter.mutate(code.trim(), {
      onSuccess: () => setCode(''),
      onError: (err) => alert.error(errorMessage(err)),
    });
  };
  return (
    <>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Promo code"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}
      >
        <TextField
          size="small"
          label="Promo code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          sx={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="outlined" loading={enter.isPending}>
          Apply code
        </Button>
      </Box>
      <Stack spacing={1} aria-live="polite">
        {cart.promoTags.map((t) => (
          <Alert
            key={t.code}
            severity={t.success ? 'success' : 'warning'}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => remove.mutate(t.code)}
                aria-label={`Remove code ${t.code}`}
              >
                Remove
              </Button>
            }
          >
            {t.success ? `Code ${t.code} applied.` : `Code ${t.code} does not apply. ${t.message ?? ''}`}
          </Alert>
        ))}
      </Stack>
    </>
  );
}
