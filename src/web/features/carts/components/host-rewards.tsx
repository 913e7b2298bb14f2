import type { CartView } from '@domain/carts/cart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useHostReward } from '../api/carts';

/** Host reward area (spec 2 §2; §9: half off 50%, free 100%). */
export function HostRewards({ cart }: { cart: CartView }) {
  const [sku, setSku] = useState('');
  const [isFree, setIsFree] = useState(false);
  const add = useHostReward(cart.cartId);
  const alert = useAlert();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sku.trim()) return;
    add.mutate(
      { sku: sku.trim(), isFree },
      { onSuccess: () => setSku(''), onError: (err) => alert.error(errorMessage(err)) },
    );
  };
  return (
    <>
      {cart.hostRewardItems.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          No host rewards in this cart.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, mb: 1, pl: 2.5 }}>
          {cart.hostRewardItems.map((h) => (
            <li key={h.sku}>
              <Typography variant="body2">
                {h.sku} × {h.quantity} — {h.isFree ? 'free' : 'half off'}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Add a host reward"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          size="small"
          label="Host reward SKU"
          value={sku}
          onChange={(e) => setSku(e.target.value)}
          sx={{ flex: '1 1 140px' }}
        />
        <FormControlLabel
          control={<Switch checked={isFree} onChange={(e) => setIsFree(e.target.checked)} />}
          label="Free"
        />
        <Button type="submit" variant="outlined" loading={add.isPending}>
          Add reward
        </Button>
      </Box>
    </>
  );
}
