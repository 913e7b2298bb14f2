import { formatMoney } from '@domain/reference/money';
import type { RefundOrder } from '@domain/refunds/refunds';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CardActions, CardList, CardTitle, useCardLayout } from '@web/components/card-list';

// Product selection (spec 2 §5): refundable quantity = purchased − already refunded, per sku and
// adjusted price.

export type Quantities = Record<string, string>;

/** What is wrong with a typed quantity, or null (empty counts as 0). */
export function quantityIssue(text: string, max: number): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return 'Whole numbers only';
  if (Number(t) > max) return `At most ${max}`;
  return null;
}

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export function RefundItems({
  order,
  quantities,
  onQuantity,
}: {
  order: RefundOrder;
  quantities: Quantities;
  onQuantity: (key: string, text: string) => void;
}) {
  const cards = useCardLayout();
  if (order.refundable.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This order has no paid products to refund.
      </Typography>
    );
  const quantityField = (r: RefundOrder['refundable'][number]) => {
    const key = `${r.sku}@${r.adjustedPrice}`;
    const text = quantities[key] ?? '';
    const issue = quantityIssue(text, r.refundable);
    return (
      <TextField
        size="small"
        value={text}
        onChange={(e) => onQuantity(key, e.target.value)}
        disabled={r.refundable === 0}
        error={issue !== null}
        helperText={issue ?? `${r.refundable} refundable`}
        slotProps={{
          // "0 refundable" under a disabled field is information, not a disabled control: readable.
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          htmlInput: {
            inputMode: 'numeric',
            'aria-label': `Refund quantity of ${r.title} (SKU ${r.sku})`,
          },
        }}
        sx={cards ? { width: 140 } : undefined}
      />
    );
  };
  if (cards)
    return (
      <CardList
        label="Products to refund"
        items={order.refundable}
        itemKey={(r) => `${r.sku}@${r.adjustedPrice}`}
        itemLabel={(r) => r.title}
      >
        {(r) => (
          <>
            <CardTitle
              aside={<Box sx={num}>{formatMoney(r.adjustedPrice, order.currency, order.localeCode)}</Box>}
            >
              <Typography variant="body2">{r.title}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                SKU {r.sku} · bought {r.purchased} · refunded {r.refunded}
              </Typography>
            </CardTitle>
            <CardActions>{quantityField(r)}</CardActions>
          </>
        )}
      </CardList>
    );
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Products to refund">
      <Table size="small" aria-label="Products to refund" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell sx={num}>Price</TableCell>
            <TableCell sx={num}>Bought</TableCell>
            <TableCell sx={num}>Refunded</TableCell>
            <TableCell sx={{ width: 150 }}>Refund qty</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.refundable.map((r) => (
            <TableRow key={`${r.sku}@${r.adjustedPrice}`}>
              <TableCell>
                <Typography variant="body2">{r.title}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  SKU {r.sku}
                </Typography>
              </TableCell>
              <TableCell sx={num}>{formatMoney(r.adjustedPrice, order.currency, order.localeCode)}</TableCell>
              <TableCell sx={num}>{r.purchased}</TableCell>
              <TableCell sx={num}>{r.refunded}</TableCell>
              <TableCell>{quantityField(r)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
