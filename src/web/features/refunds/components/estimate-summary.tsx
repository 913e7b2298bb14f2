import { refundSummary } from '@domain/money/summary';
import type { RefundEstimate } from '@domain/refunds/refunds';
import Box from '@mui/material/Box';
import { MoneySummary } from '@web/components/money-summary';
import { Fact } from '@web/components/section-card';

/**
 * The estimate's figures (spec 2 §7: amount, pcAmount, clawback, tax; with subtotal and shipping),
 * reading down: products + shipping + tax = the refund total, less what goes to product credit and
 * to the cards (ADR 024).
 */
export function EstimateSummary({
  estimate,
  currency,
  locale,
}: {
  estimate: RefundEstimate;
  currency: string;
  locale: string;
}) {
  const c = estimate.clawback;
  return (
    <Box role="group" aria-label="Refund estimate" sx={{ display: 'grid', gap: 1.5, maxWidth: 420 }}>
      <MoneySummary
        rows={refundSummary(estimate)}
        currency={currency}
        locale={locale}
        label="Refund estimate figures"
      />
      <Fact label="Clawback (CV / PV / QV)">
        {c.cv.toFixed(2)} / {c.pv.toFixed(2)} / {c.qv.toFixed(2)}
      </Fact>
    </Box>
  );
}
