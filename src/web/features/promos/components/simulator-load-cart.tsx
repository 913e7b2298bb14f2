import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useLoadCart } from '../api/promos';

type LoadedCart = NonNullable<ReturnType<typeof useLoadCart>['data']>;

/** Loads a real customer's cart into the simulator by its id. */
export function SimulatorLoadCart({ onLoaded }: { onLoaded: (cart: LoadedCart, cartId: string) => void }) {
  const loadCart = useLoadCart();
  const [cartId, setCartId] = useState('');
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const load = () => {
    const id = cartId.trim();
    if (!id) return;
    loadCart.mutate(id, {
      onSuccess: (loaded) => {
        onLoaded(loaded, id);
        setLoadedFrom(id);
      },
    });
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      onSubmit={(e) => {
        e.preventDefault();
        load();
      }}
      aria-label="Load a customer's cart"
    >
      <TextField
        size="small"
        label="Customer cart id"
        value={cartId}
        onChange={(e) => setCartId(e.target.value)}
        helperText={
          loadCart.isError
            ? errorMessage(loadCart.error, 'The cart could not be loaded.')
            : loadedFrom
              ? `Lines, codes, host rewards, free items, country, channel and customer of cart ${loadedFrom}`
              : 'Price a real customer’s cart'
        }
        error={loadCart.isError}
        sx={{ minWidth: 240 }}
      />
      <Button type="submit" variant="outlined" disabled={!cartId.trim() || loadCart.isPending}>
        {loadCart.isPending ? 'Loading…' : 'Load cart'}
      </Button>
    </Stack>
  );
}
