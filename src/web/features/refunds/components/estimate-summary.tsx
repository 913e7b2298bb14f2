import type { RefundEstimate } from '@domain/orders/refunds';
import Box from '@mui/material/Box';
import { Fact } from '@web/components/section-card';
import { formatMoney } from '@web/lib/format';

/** The estimate's figures (spec 2 §7: amount, pcAmount, clawback, tax; with subtotal and shipping). */
export function EstimateSummary({ estimate, currency }: { estimate: RefundEstimate; currency: string }) {
  const money = (c: number) => formatMoney(c, currency);
  const c = estimate.clawback;
  return (
    <Box
      role="group"
      aria-label="Refund estimate"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(6, auto)' },
        gap: 2,
        justifyContent: 'start',
      }}
    >
      <Fact label="Products">{money(estimate.subtotal)}</Fact>
      <Fact label="Shipping">{money(estimate.shippingTotal)}</Fact>
      <Fact label="Tax">{money(estimate.tax)}</Fact>
      <Fact label="To cards">{money(estimate.amount)}</Fact>
      <Fact label="Product credit">{money(estimate.pcAmount)}</Fact>
      <Fact label="Clawback (CV / PV / QV)">
        {c.cv.toFixed(2)} / {c.pv.toFixed(2)} / {c.qv.toFixed(2)}
      </Fact>
    </Box>
  );
}
