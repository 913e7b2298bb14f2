import type { OrderDetail } from '@domain/orders/detail';
import { orderShippingMethodName } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// /orders/portal/{id}: the order as the customer placed it, in the customer's locale and currency
// (spec 2 §2 Portal order view). Read only: placing orders comes with the ordering screens.

const useMoney = (order: OrderDetail) => (cents: number) =>
  formatMoney(cents, order.currency, order.localeCode);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function PortalOrder({ order }: { order: OrderDetail }) {
  const money = useMoney(order);
  const a = order.shippingAddress;
  const t = order.totals;
  const date = new Intl.DateTimeFormat(order.localeCode || 'en-US', { dateStyle: 'long' }).format(
    new Date(order.dateCreatedUtc),
  );
  const row = (label: string, value: string, strong = false) => (
    <Box
      key={label}
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }} lang={order.localeCode}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Placed {date} · {order.localeCode} · {order.currency}
      </Typography>
      <Block title="Items">
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {order.lines.map((l) => (
            <Box
              component="li"
              key={l.lineNo}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {l.title}
                  {l.selectedVariant ? ` — ${l.selectedVariant}` : ''}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {l.quantity} × {money(l.adjustedPriceCents)}
                  {l.priceCents !== l.adjustedPriceCents ? ` (was ${money(l.priceCents)})` : ''}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {l.totalCents === 0 ? 'Free' : money(l.totalCents)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Block>
      <Divider sx={{ my: 2 }} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Block title="Ship to">
          <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
            {a ? (
              <>
                {a.firstName} {a.lastName}
                <br />
                {a.address}
                {a.address2 ? `, ${a.address2}` : ''}
                <br />
                {a.city}, {a.region} {a.postalCode}
                <br />
                {a.country}
              </>
            ) : (
              'Ships to the popup host'
            )}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {orderShippingMethodName(order.shippingMethodId, order.socialId) ?? '—'}
          </Typography>
          {order.giftMessage && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Gift message: {order.giftMessage}
            </Typography>
          )}
        </Block>
        <Block title="Payment">
          {order.payments.map((p) => (
            <Typography key={p.transactionId} variant="body2">
              {p.brand
                ? `${p.brand} •••• ${p.last4 ?? ''}`
                : p.method === 'productCredit'
                  ? 'Product credit'
                  : 'Other'}{' '}
              — {money(p.amountCents)}
            </Typography>
          ))}
          {order.payments.length === 0 && <Typography variant="body2">No payment taken yet.</Typography>}
        </Block>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Block title="Order total">
        <Box sx={{ display: 'grid', gap: 0.5, maxWidth: 360, ml: { sm: 'auto' } }}>
          {row('Subtotal', money(t.prePromoSubtotalCents))}
          {t.discountCents > 0 && row('Savings', `−${money(t.discountCents)}`)}
          {row('Shipping', money(t.shippingCents))}
          {row('Tax', money(t.taxCents))}
          {t.appliedCreditCents > 0 && row('Product credit', `−${money(t.appliedCreditCents)}`)}
          {row('Total', money(t.grandTotalCents), true)}
        </Box>
      </Block>
    </Paper>
  );
}
