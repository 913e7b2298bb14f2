import type { CartView } from '@domain/carts/cart';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { Notices } from '@web/components/notices';
import { errorMessage } from '@web/lib/api-client';
import { useGiftSelection, usePromoCode } from '../api/carts';

/** A membership or renewal SKU taken out is a paid SKU: its notice says why (not a free item). */
const WINDOW_DROP = 'outside-membership-window';

/**
 * What the server changed on its own (notices), client cart errors (spec 2 §8), gift picks still
 * missing, and free items dropped.
 */
export function CartNotices({ cart }: { cart: CartView }) {
  const pick = useGiftSelection(cart.cartId);
  const putBack = usePromoCode(cart.cartId);
  const alert = useAlert();
  const drops = cart.dropItems.filter((d) => d.reason !== WINDOW_DROP);
  if (cart.notices.length + cart.cartErrors.length + cart.resolutions.length + drops.length === 0)
    return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Notices
        notices={cart.notices}
        pending={putBack.isPending}
        onPutBack={(code) => putBack.mutate(code, { onError: (err) => alert.error(errorMessage(err)) })}
      />
      {cart.cartErrors.map((e) => (
        <Alert key={e.code} severity="warning">
          {e.message}
        </Alert>
      ))}
      {cart.resolutions.map((r) => (
        <Alert key={r.promo} severity="info">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {r.promo}: choose a free gift.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {r.choices.map((sku) => (
              <Button
                key={sku}
                size="small"
                variant="outlined"
                onClick={() =>
                  pick.mutate({ promo: r.promo, sku }, { onError: (err) => alert.error(errorMessage(err)) })
                }
              >
                Pick {r.choiceNames[sku] ?? sku}
              </Button>
            ))}
          </Box>
        </Alert>
      ))}
      {drops.map((d) => (
        <Alert key={d.sku} severity="info">
          Free item {d.sku} × {d.quantity} was dropped: {d.reason.replaceAll('-', ' ')}.
        </Alert>
      ))}
    </Stack>
  );
}

/** Counters toward threshold rules ("Spend $12.00 more for …"). */
export function Counters({ cart }: { cart: CartView }) {
  if (cart.cartCounters.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No threshold promotions for this cart.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {cart.cartCounters.map((k) => (
        <Box key={k.promo}>
          <Typography variant="body2">{k.message}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (k.current / Math.max(1, k.threshold)) * 100)}
            aria-label={`Progress toward ${k.promo}`}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** Every promotion the engine considered: applied (and how much), or why not. */
export function AppliedPromotions({ cart }: { cart: CartView }) {
  const sorted = [...cart.appliedPromos].sort((a, b) => Number(b.applied) - Number(a.applied));
  if (sorted.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No promotion concerns this cart.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Promotions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sorted.map((p) => (
        <Box component="li" key={p.promo} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={p.applied ? 'success' : 'default'}
              variant={p.applied ? 'filled' : 'outlined'}
              label={p.applied ? 'Applied' : 'Not applied'}
            />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {p.promo}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {p.applied
              ? `Applied ${p.times} ${p.times === 1 ? 'time' : 'times'}${p.amountInCents > 0 ? `, ${formatMoney(p.amountInCents, cart.currency.name, cart.localeCode)} off` : ''}.`
              : p.message}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function VolumesTable({ cart }: { cart: CartView }) {
  const keys = ['CV', 'PV', 'QV', 'NV', 'SV'] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 1, m: 0 }}
    >
      {keys.map((k) => (
        <Box key={k}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {cart.volumes[k].toFixed(2)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
