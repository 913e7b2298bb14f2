import type { CartView, ProductHit } from '@domain/carts/cart';
import { CART_MESSAGES } from '@domain/carts/messages';
import { BOUND_MESSAGES, BOUNDS } from '@domain/reference/bounds';
import { CART_DEBOUNCE_MS } from '@domain/reference/constants';
import { formatMoney } from '@domain/reference/money';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useTypedSearch } from '@web/lib/use-debounced-value';
import { type FormEvent, useState } from 'react';
import { useAddProduct, useProductSearch } from '../api/carts';

/** Add a product by SKU or by name search (spec 2 §2), with a positive quantity (§5). */
export function AddProduct({ cart }: { cart: CartView }) {
  // Spec 2 §9: the cart's debounce is 300 ms; the search asks once the typing pauses.
  const typed = useTypedSearch(CART_DEBOUNCE_MS);
  const [picked, setPicked] = useState<ProductHit | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const search = useProductSearch(typed.query, cart.localeCode);
  const add = useAddProduct(cart.cartId);
  const alert = useAlert();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sku = picked?.sku ?? typed.text.trim();
    const n = Number(quantity);
    if (!(n >= 1)) {
      setError(CART_MESSAGES.positiveQuantity);
      return;
    }
    if (n > BOUNDS.lineQuantity) {
      setError(BOUND_MESSAGES.quantity);
      return;
    }
    if (!sku) {
      setError('Enter a SKU or pick a product.');
      return;
    }
    setError(null);
    add.mutate(
      { sku, quantity: n },
      {
        onSuccess: () => {
          setPicked(null);
          typed.clear();
          setQuantity('1');
        },
        onError: (err) => {
          // A refusal about the quantity (the line's bound, the cart's total) shows at the field.
          const issue =
            err instanceof ApiError ? err.issues.find((i) => /quantity$/.test(i.path)) : undefined;
          if (issue) setError(issue.message);
          else alert.error(errorMessage(err));
        },
      },
    );
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Add a product"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <Autocomplete
        sx={{ flex: '1 1 240px', minWidth: 0 }}
        freeSolo
        options={search.data ?? []}
        filterOptions={(x) => x}
        value={picked}
        inputValue={typed.text}
        onInputChange={typed.onInputChange}
        onChange={(_e, v) => setPicked(typeof v === 'string' ? null : v)}
        getOptionLabel={(o) => (typeof o === 'string' ? o : `${o.sku} · ${o.title}`)}
        renderOption={(props, o) => (
          <li {...props} key={o.sku}>
            {o.sku} · {o.title}
            {o.swatchLabel ? `, ${o.swatchLabel}` : ''} —{' '}
            {formatMoney(o.priceInCents, cart.currency.name, cart.localeCode)}
            {o.inStock ? '' : ' (out of stock)'}
          </li>
        )}
        renderInput={(params) => <TextField {...params} size="small" label="SKU or product name" />}
      />
      <TextField
        size="small"
        type="number"
        label="Quantity"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <Button type="submit" variant="contained" loading={add.isPending}>
        Add to cart
      </Button>
    </Box>
  );
}
