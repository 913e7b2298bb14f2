import type { CartView } from '@domain/carts/cart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useInfluencer } from '../api/carts';

/**
 * The consultant who brought the order (spec 3 §4 hasInfluencer): recorded on the cart by account
 * number, so rules that need an influencer apply; the server checks the account is an active
 * consultant other than the cart's owner.
 */
export function Influencer({ cart }: { cart: CartView }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useInfluencer(cart.cartId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const phoenixId = Number(text.trim().replace(/^M/i, ''));
    if (!/^M?\d{1,15}$/i.test(text.trim()) || phoenixId < 1) {
      setProblem('Enter the influencer’s account number');
      return;
    }
    change.mutate(phoenixId, {
      onSuccess: () => {
        setText('');
        setProblem(null);
      },
      onError: (err) => setProblem(errorMessage(err)),
    });
  };
  if (cart.influencer)
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: '1 1 200px' }}>
          Brought by {cart.influencer.name} (account {cart.influencer.phoenixId})
        </Typography>
        <Button
          size="small"
          variant="outlined"
          loading={change.isPending}
          onClick={() => change.mutate(null, { onError: (err) => setProblem(errorMessage(err)) })}
        >
          Remove influencer
        </Button>
      </Box>
    );
  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Influencer"
      noValidate
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        size="small"
        label="Influencer account number"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? 'The consultant who brought this order'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
        sx={{ flex: '1 1 200px' }}
      />
      <Button type="submit" variant="outlined" loading={change.isPending}>
        Record influencer
      </Button>
    </Box>
  );
}
