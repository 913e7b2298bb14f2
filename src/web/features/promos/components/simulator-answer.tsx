import { orderTotals } from '@domain/checkout/totals';
import { ruleTypeName } from '@domain/promos/rule-types';
import { explanationWords, type ProductNames, skusNamed } from '@domain/promos/simulator-words';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DataTable } from '@web/components/data-table';
import { type Simulation, useProductNames } from '../api/promos';
import { Reason, ShippingRates, Total } from './simulator-result';

const NO_NAMES: ProductNames = new Map();

/** Tax and total of a simulated cart at its address, as the checkout estimate computes them. */
function taxed(result: Simulation) {
  return orderTotals({
    prePromoSubtotal: result.totals.prePromoSubtotal,
    subtotal: result.totals.subtotal,
    shipping: result.totals.shipping,
    appliedCredit: 0,
    rate: result.salesTax,
  });
}

/**
 * The priced cart: its totals, the shipping rates, and for every rule whether it applied, how
 * often, on which lines, for how much, or the first condition that failed.
 */
export function SimulatorAnswer({ result, money }: { result: Simulation; money: (cents: number) => string }) {
  // Products by name in the reasons: one look-up of every SKU the answer names.
  const names = useProductNames(skusNamed(result.explanations, result.lines));
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Total label="Before promos" value={money(result.totals.prePromoSubtotal)} />
        <Total label="Discounts" value={money(result.totals.discountTotal)} />
        <Total label="Subtotal" value={money(result.totals.subtotal)} />
        <Total label="Shipping" value={money(result.totals.shipping)} />
        <Total label="Gifts" value={money(result.totals.giftValue)} />
        {result.salesTax && (
          <>
            <Total
              label={`Tax (${result.salesTax.region}, ${(result.salesTax.rateBasisPoints / 100).toFixed(2)}%)`}
              value={money(taxed(result).tax)}
            />
            <Total label="Total" value={money(taxed(result).grandTotal)} />
          </>
        )}
      </Stack>
      <ShippingRates result={result} money={money} />
      <DataTable
        label="Rule explanations"
        hover={false}
        containerSx={{ overflowX: 'auto' }}
        columns={[
          { key: 'rule', header: 'Rule', cellSx: { minWidth: 160 }, cell: (e) => e.promo },
          {
            key: 'type',
            header: 'Type',
            cellSx: { minWidth: 140 },
            cell: (e) => ruleTypeName(e.ruleType) ?? e.ruleType,
          },
          { key: 'priority', header: 'Priority', align: 'right', cell: (e) => e.priority },
          {
            key: 'result',
            header: 'Result',
            cellSx: { minWidth: 220 },
            cell: (e) => <Reason said={explanationWords(e, result.lines, names.data ?? NO_NAMES, money)} />,
          },
        ]}
        rows={result.explanations}
        rowKey={(e) => e.promo}
      />
    </Box>
  );
}
