import type { OrderDetail } from '@domain/orders/detail';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { priceStepText } from '@web/components/money-summary';
import type { ReactNode } from 'react';
import { num } from './numeric-cell';

// The order's lines and payments (spec 2 §3 Order, Line item).

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

const paymentColumns = (
  money: (cents: number) => string,
): DataTableColumn<OrderDetail['payments'][number]>[] => [
  {
    key: 'payment',
    header: 'Payment',
    cell: (p) => (
      <>
        {p.brand ? `${p.brand} ending ${p.last4 ?? '—'}` : (METHOD_LABEL[p.method] ?? p.method)}
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {p.state}
        </Typography>
      </>
    ),
  },
  { key: 'amount', header: 'Amount', sx: num, cell: (p) => money(p.amountCents) },
  {
    key: 'refunded',
    header: 'Refunded',
    sx: num,
    cell: (p) => (p.refundedCents ? money(p.refundedCents) : '—'),
  },
];

export function PaymentsTable({ order }: { order: OrderDetail }) {
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <DataTable
      label="Payments"
      regionOnly
      hover={false}
      tableSx={{ minWidth: 420 }}
      columns={paymentColumns(money)}
      rows={order.payments}
      rowKey={(p) => p.transactionId}
      empty={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No payments recorded.
        </Typography>
      }
    />
  );
}
