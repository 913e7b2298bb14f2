import type { CartView } from '@domain/carts/cart';
import { cartLineStep } from '@domain/carts/line-money';
import type { Notice } from '@domain/platform/notices';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { priceStepText } from '@web/components/money-summary';
import { Notices } from '@web/components/notices';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useCheckoutPromoCode, useRemoveLine } from '../api/checkout';

/**
 * The cart of the order (the carts service): lines, promo code, cart messages, and what the server
 * changed on its own (the cart's and the estimate's notices; ADR 026).
 */
export function CartPanel({
  cart,
  messages,
  notices = [],
}: {
  cart: CartView;
  messages: { code: string; message: string }[];
  /** The estimate's notices that are not about a field of another panel. */
  notices?: readonly Notice[];
}) {
  const remove = useRemoveLine(cart.cartId);
  const promo = useCheckoutPromoCode(cart.cartId);
  const alert = useAlert();
  const [code, setCode] = useState('');
  const money = (c: number) => formatMoney(c, cart.currency.name, cart.localeCode);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    promo.mutate(code.trim(), {
      onSuccess: () => setCode(''),
      onError: (err) => alert.error(errorMessage(err)),
    });
  };
  return (
    <SectionCard title="Cart">
      {cart.products.length === 0 ? (
        <Typography color="text.secondary">The cart is empty. Add products above.</Typography>
      ) : (
        <Box component="ul" aria-label="Cart lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {cart.products.map((l) => (
            <Box component="li" key={l.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.75 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2">
                  {l.quantity} × {l.title}
                  {l.isPromo && ' (free)'}
                </Typography>
                {/* The line reads across (ADR 024): quantity × price − discounts = its total. */}
                <Typography variant="caption" component="div" color="text.secondary">
                  {l.originalPriceInCents !== l.priceInCents &&
                    `${priceStepText(
                      { from: l.originalPriceInCents, to: l.priceInCents },
                      cartLineStep(l, cart.typeId),
                      cart.currency.name,
                      cart.localeCode,
                    )} · `}
                  {l.quantity} × {money(l.priceInCents)}
                </Typography>
                {l.discounts.length > 0 && (
                  <Typography variant="caption" component="div" color="success.main">
                    {l.discounts
                      .map(
                        (d) =>
                          `${d.promo} ${formatMoneyOff(d.amountInCents, cart.currency.name, cart.localeCode)}`,
                      )
                      .join(' · ')}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2">{money(l.totalPriceInCents)}</Typography>
              {l.lineItemId && !l.isPromo && (
                <IconButton
                  size="small"
                  aria-label={`Remove ${l.title}`}
                  onClick={() =>
                    remove.mutate(l.lineItemId!, { onError: (err) => alert.error(errorMessage(err)) })
                  }
                >
                  <Delete fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Notices
        notices={[...cart.notices, ...notices]}
        sx={{ mt: 1 }}
        pending={promo.isPending}
        onPutBack={(back) => promo.mutate(back, { onError: (err) => alert.error(errorMessage(err)) })}
      />
      {messages.map((m) => (
        <Alert key={m.code} severity="info" sx={{ mt: 1 }}>
          {m.message}
        </Alert>
      ))}
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Promo code"
        sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Promo code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          sx={{ flex: '1 1 140px' }}
        />
        <Button type="submit" variant="outlined" loading={promo.isPending}>
          Apply code
        </Button>
      </Box>
      {cart.promoTags.map((t) => (
        <Alert key={t.code} severity={t.success ? 'success' : 'warning'} sx={{ mt: 1 }}>
          {t.success ? `Code ${t.code} applied.` : (t.message ?? `Code ${t.code} does not apply.`)}
        </Alert>
      ))}
    </SectionCard>
  );
}
