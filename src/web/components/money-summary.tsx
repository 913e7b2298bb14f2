import {
  PRICE_STEP_LABELS,
  type PriceStep,
  SUMMARY_LABELS,
  type SummaryRow,
  type SummaryRowKey,
} from '@domain/money/summary';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

// The one rendering of a money summary (ADR 024): the rows come from src/domain/money/summary.ts
// and read down to the total; this only writes them, in the order's or cart's locale.

const num = { m: 0, textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export function MoneySummary({
  rows,
  currency,
  locale,
  label,
  testIds = {},
}: {
  rows: readonly SummaryRow[];
  currency: string;
  locale: string;
  /** The list's accessible name. */
  label: string;
  /** Test ids kept on rows that tests already name. */
  testIds?: Partial<Record<SummaryRowKey, string>>;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}
    >
      {rows.map((r) => (
        <Box key={r.key} sx={{ display: 'contents' }} data-row={r.key}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: r.strong ? 700 : 400 }}>
            {SUMMARY_LABELS[r.key]}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ ...num, fontWeight: r.strong ? 700 : 400 }}
            data-testid={testIds[r.key] ?? `summary-${r.key}`}
          >
            {r.op === 'subtract' && r.cents !== 0
              ? formatMoneyOff(r.cents, currency, locale)
              : formatMoney(r.cents, currency, locale)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A line's step from its list price to the price charged: "List $36.00 → Member $31.00". */
export function priceStepText(
  step: { from: number; to: number },
  kind: PriceStep | null,
  currency: string,
  locale: string,
): string {
  return `List ${formatMoney(step.from, currency, locale)} → ${kind ? PRICE_STEP_LABELS[kind] : 'Charged'} ${formatMoney(step.to, currency, locale)}`;
}
