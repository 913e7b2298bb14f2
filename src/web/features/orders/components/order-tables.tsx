import { orderSummary } from '@domain/money/summary';
import type { OrderDetail } from '@domain/orders/detail';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MoneySummary, priceStepText } from '@web/components/money-summary';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';

// The order's lines, payments, shipments and totals (spec 2 §3 Order, Line item; §5 totals).

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      {children}
    </TableContainer>
  );
}

const volume = (n: number) => n.toFixed(2);

export function LinesTable({ order }: { order: OrderDetail }) {
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <Scroll label="Order lines">
      <Table size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell sx={num}>Qty</TableCell>
            <TableCell sx={num}>Price</TableCell>
            <TableCell sx={num}>Discount</TableCell>
            <TableCell sx={num}>Total</TableCell>
            <TableCell sx={num}>CV</TableCell>
            <TableCell sx={num}>PV</TableCell>
            <TableCell sx={num}>QV</TableCell>
            <TableCell sx={num}>NV</TableCell>
            <TableCell sx={num}>SV</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((l) => (
            <TableRow key={l.lineNo}>
              <TableCell sx={{ minWidth: 200 }}>
                <Typography variant="body2">{l.title}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  SKU {l.sku}
                  {l.selectedVariant ? ` · ${l.selectedVariant}` : ''}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {l.isPromo && <Chip size="small" variant="outlined" label="Promo" />}
                  {l.isSample && <Chip size="small" variant="outlined" label="Sample" />}
                  {l.isHostReward && <Chip size="small" variant="outlined" label="Host reward" />}
                  {l.subscription && <Chip size="small" variant="outlined" label="Subscription" />}
                </Box>
              </TableCell>
              <TableCell sx={num}>{l.quantity}</TableCell>
              <TableCell sx={num}>
                {l.listPriceCents !== null && l.listPriceCents !== l.priceCents && (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {priceStepText(
                      { from: l.listPriceCents, to: l.priceCents },
                      l.priceStep,
                      order.currency,
                      order.localeCode,
                    )}
                  </Typography>
                )}
                {money(l.priceCents)}
              </TableCell>
              <TableCell sx={num}>
                {l.discountCents ? formatMoneyOff(l.discountCents, order.currency, order.localeCode) : '—'}
              </TableCell>
              <TableCell sx={num}>{l.totalCents === 0 ? 'Free' : money(l.totalCents)}</TableCell>
              <TableCell sx={num}>{volume(l.cv)}</TableCell>
              <TableCell sx={num}>{volume(l.pv)}</TableCell>
              <TableCell sx={num}>{volume(l.qv)}</TableCell>
              <TableCell sx={num}>{volume(l.nv)}</TableCell>
              <TableCell sx={num}>{volume(l.sv)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
              Order volumes
            </TableCell>
            <TableCell sx={num}>{volume(order.volumes.cv)}</TableCell>
            <TableCell sx={num}>{volume(order.volumes.pv)}</TableCell>
            <TableCell sx={num}>{volume(order.volumes.qv)}</TableCell>
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </Scroll>
  );
}

const METHOD_LABEL: Record<string, string> = {
  card: 'Card',
  productCredit: 'Product credit',
  alternative: 'Alternative payment',
};

export function PaymentsTable({ order }: { order: OrderDetail }) {
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  if (order.payments.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No payments recorded.
      </Typography>
    );
  return (
    <Scroll label="Payments">
      <Table size="small" sx={{ minWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell>Payment</TableCell>
            <TableCell sx={num}>Amount</TableCell>
            <TableCell sx={num}>Refunded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.payments.map((p) => (
            <TableRow key={p.transactionId}>
              <TableCell>
                {p.brand ? `${p.brand} ending ${p.last4 ?? '—'}` : (METHOD_LABEL[p.method] ?? p.method)}
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {p.state}
                </Typography>
              </TableCell>
              <TableCell sx={num}>{money(p.amountCents)}</TableCell>
              <TableCell sx={num}>{p.refundedCents ? money(p.refundedCents) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

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

export function ShipmentsList({ order }: { order: OrderDetail }) {
  if (order.shipments.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Not shipped yet.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {order.shipments.map((s) => (
        <li key={`${s.carrierId}-${s.trackingNumber}`}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {s.carrierName} ·{' '}
            {s.trackingUrl ? (
              <Link href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                {s.trackingNumber}
              </Link>
            ) : (
              s.trackingNumber
            )}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Shipped {formatDateTime(s.shippedAt)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
