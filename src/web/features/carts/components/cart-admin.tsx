import { LOCALE_CODES } from '@domain/carts/cart-constants';
import { cartSummary } from '@domain/carts/line-money';
import { CART_MESSAGES } from '@domain/carts/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyableText } from '@web/components/copyable-text';
import { Loading } from '@web/components/loading';
import { MoneySummary } from '@web/components/money-summary';
import { returnState } from '@web/components/return-banner';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useCart, useClearCart, useSwitchLocale } from '../api/carts';
import { AddProduct } from './add-product';
import { CartLines } from './cart-lines';
import { HostRewards } from './host-rewards';
import { Influencer } from './influencer';
import { OverrideForm } from './override-form';
import { Section } from './parts';
import { PromoCode } from './promo-code';
import { AppliedPromotions, CartNotices, Counters, VolumesTable } from './promotions';

/** The admin cart view (spec 2 §2): the cart priced live, refreshed every 4 s when it changes. */
export function CartAdmin({ cartId }: { cartId: string }) {
  const cart = useCart(cartId);
  const clear = useClearCart(cartId);
  const switchLocale = useSwitchLocale(cartId);
  const [confirmClear, setConfirmClear] = useState(false);
  const alert = useAlert();
  const navigate = useNavigate();
  const here = useLocation().pathname;
  if (cart.isPending) {
    return <Loading label="Loading cart" />;
  }
  if (cart.isError)
    return <Alert severity="error">{errorMessage(cart.error, 'The cart could not be loaded.')}</Alert>;
  const c = cart.data;
  const checkout = () => {
    if (c.totalProducts === 0) {
      // spec 2 §2: the message and the root path; the way back to this cart stays on that screen.
      alert.error(CART_MESSAGES.emptyCheckout);
      const whose = c.customer ? `${c.customer.firstName} ${c.customer.lastName}’s cart` : 'the cart';
      navigate('/', {
        state: returnState({
          message: 'The cart you came from has nothing to check out yet.',
          label: `Back to ${whose}`,
          to: here,
        }),
      });
      return;
    }
    navigate(`/${c.localeCode}/checkout/${c.cartId}`);
  };
  const owner = c.customer;
  return (
    <>
      <Section title="Cart" id="cart-facts">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1.5 }}>
          <CopyableText value={c.cartId} label="Cart id" monospace />
          {owner && (
            <Link component={RouterLink} to={`/customers/${encodeURIComponent(owner.uid)}/dashboard`}>
              {owner.firstName} {owner.lastName}
              {owner.phoenixId ? ` (#${owner.phoenixId})` : ''}
            </Link>
          )}
          {c.socialId !== null && <Typography variant="body2">Popup {c.socialId}</Typography>}
          {c.clientUid && <Typography variant="body2">Client cart of {c.clientUid}</Typography>}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Last saved {formatDateTime(c.lastModified)}
          </Typography>
          {!c.active && <Alert severity="info">This cart was canceled.</Alert>}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Locale"
            value={c.localeCode}
            onChange={(e) =>
              switchLocale.mutate(e.target.value, { onError: (err) => alert.error(errorMessage(err)) })
            }
            sx={{ minWidth: 140 }}
            disabled={switchLocale.isPending}
          >
            {LOCALE_CODES.map((l) => (
              <MenuItem key={l} value={l}>
                {l}
                {c.availableLocales.includes(l) ? '' : ' (new)'}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Button color="error" variant="outlined" onClick={() => setConfirmClear(true)}>
            Clear cart
          </Button>
          <Button variant="contained" onClick={checkout}>
            Start checkout
          </Button>
        </Box>
      </Section>
      <CartNotices cart={c} />
      <Section title={`Items (${c.totalProducts})`} id="cart-items">
        <CartLines cart={c} />
        {/* Read down (ADR 024): items before promotions − promotions = subtotal. */}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Box sx={{ minWidth: { xs: '100%', sm: 320 } }}>
            <MoneySummary
              rows={cartSummary(c)}
              currency={c.currency.name}
              locale={c.localeCode}
              label="Cart totals"
              testIds={{ subtotal: 'cart-subtotal' }}
            />
          </Box>
        </Box>
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Section title="Add a product" id="cart-add">
            <AddProduct cart={c} />
          </Section>
          <Section title="Promo code" id="cart-code">
            <PromoCode cart={c} />
          </Section>
          <Section title="Influencer" id="cart-influencer">
            <Influencer cart={c} />
          </Section>
          <Section title="Price override" id="cart-override">
            <OverrideForm cart={c} />
          </Section>
          <Section title="Host rewards" id="cart-host">
            <HostRewards cart={c} />
          </Section>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Section title="Promotions" id="cart-promos">
            <AppliedPromotions cart={c} />
          </Section>
          <Section title="Counters" id="cart-counters">
            <Counters cart={c} />
          </Section>
          <Section title="Volumes" id="cart-volumes">
            <VolumesTable cart={c} />
          </Section>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmClear}
        title="Clear this cart?"
        confirmLabel="Clear cart"
        destructive
        pending={clear.isPending}
        onClose={() => setConfirmClear(false)}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => setConfirmClear(false),
            onError: (err) => alert.error(errorMessage(err)),
          })
        }
      >
        Every item, promo code, host reward and override of the {c.localeCode} cart is removed.
      </ConfirmDialog>
    </>
  );
}
