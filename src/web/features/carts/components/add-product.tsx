import type { CartView, ProductHit } from '@domain/carts/cart';
import { CART_MESSAGES } from '@domain/carts/messages';
import { BOUND_MESSAGES, BOUNDS } from '@domain/reference/bounds';
import { CART_DEBOUNCE_MS } from '@domain/reference/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { StandIn, type StandInLook, useStandInUse } from '@web/components/form/deferred-field';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { chunkLoader, lazyOr, preloader } from '@web/lib/chunk-load';
import { useTypedSearch } from '@web/lib/use-debounced-value';
import { type FormEvent, Suspense, useState } from 'react';
import { useAddProduct, useProductSearch } from '../api/carts';
import type { ProductSearchProps } from './product-search';

const SEARCH_LOOK: StandInLook = {
  label: 'SKU or product name',
  size: 'small',
  sx: { flex: '1 1 240px', minWidth: 0 },
};
const PRODUCT_SEARCH_UNAVAILABLE =
  'The product search did not load: type a SKU, or reload the page to search by name.';

/** The field stays a plain SKU field, with what was typed, when the search's code cannot be fetched. */
function SearchUnavailable({ text, onText, autoFocus }: ProductSearchProps) {
  return (
    <StandIn
      {...SEARCH_LOOK}
      text={text}
      onText={(t) => onText(null, t, 'input')}
      autoFocus={autoFocus}
      problem={PRODUCT_SEARCH_UNAVAILABLE}
    />
  );
}

// The search's list (MUI's Autocomplete) loads when the field is first pointed at or focused, not
// with the cart (ADR 044); until then the field takes a SKU or a name as typed, and searches.
const loadSearch = chunkLoader(() => import('./product-search').then((m) => m.ProductSearch));
const preloadSearch = preloader(loadSearch);
const ProductSearch = lazyOr(loadSearch, SearchUnavailable);

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
  const searchUse = useStandInUse(preloadSearch);
  const standIn = (
    <StandIn
      {...SEARCH_LOOK}
      text={typed.text}
      onText={(t) => typed.onInputChange(null, t, 'input')}
      {...searchUse.handlers}
    />
  );
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
      <Suspense fallback={standIn}>
        {searchUse.used ? (
          <ProductSearch
            cart={cart}
            look={SEARCH_LOOK}
            text={typed.text}
            onText={typed.onInputChange}
            hits={search.data ?? []}
            picked={picked}
            onPick={setPicked}
            autoFocus={searchUse.focused}
          />
        ) : (
          standIn
        )}
      </Suspense>
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
