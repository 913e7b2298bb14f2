import { orderSummary } from '@domain/money/summary';
import type { OrderDetail } from '@domain/orders/detail';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MoneySummary } from '@web/components/money-summary';
import { num } from './numeric-cell';

// The order's totals and the cards that paid them (spec 2 §3 Order, §5 totals).

/**
 * Spec 2 §3 Order.payment.splitPayments (ADR 030): an order paid with several cards reads down from
 * each card's amount to the total they paid, with what refunds gave back to each card.
 */
export function PaidWith({ order }: { order: OrderDetail }) {
  if (order.splitPayments.length === 0) return null;
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  const paid = order.splitPayments.reduce((s, p) => s + p.amount, 0);
  const row = { display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 } as const;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h3" id="paid-with-heading" sx={{ mb: 0.5 }}>
        Paid with
      </Typography>
      <Box component="dl" aria-labelledby="paid-with-heading" data-testid="paid-with" sx={{ m: 0 }}>
        {order.splitPayments.map((p) => (
          <Box key={p.transactionId} sx={row}>
            <Typography component="dt" variant="body2">
              {p.brand ?? 'Card'} ending {p.last4 ?? '—'}
              {p.refundAmount > 0 && (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
                  {money(p.refundAmount)} refunded
                </Typography>
              )}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, ...num }}>
              {money(p.amount)}
            </Typography>
          </Box>
        ))}
        <Box sx={{ ...row, borderTop: 1, borderColor: 'divider', fontWeight: 600 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            Total
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: 600, ...num }}
            data-testid="paid-with-total"
          >
            {money(paid)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * spec 2 §5, read down (ADR 024): items before promotions − promotions = subtotal; subtotal +
 * shipping + tax − credit = total. The rows are the domain's; this only writes them.
 */
export function TotalsList({ order }: { order: OrderDetail }) {
  const t = order.totals;
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <Box sx={{ display: 'grid', rowGap: 0.75 }}>
      <MoneySummary
        rows={orderSummary(t)}
        currency={order.currency}
        locale={order.localeCode}
        label="Order totals"
      />
      {t.shippingTaxCents > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Tax includes {money(t.shippingTaxCents)} on shipping.
        </Typography>
      )}
      {order.appliedPromos.length > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Promotions:{' '}
          {order.appliedPromos
            .map((p) => `${p.name} (${formatMoneyOff(p.amountCents, order.currency, order.localeCode)})`)
            .join(', ')}
        </Typography>
      )}
    </Box>
  );
}
