import { orderTotals } from '@domain/checkout';
import { ruleTypeName } from '@domain/promos/rule';
import { explanationWords, type ProductNames, skusNamed } from '@domain/promos/simulator-words';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Rule explanations">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Priority</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.explanations.map((e) => (
              <TableRow key={e.promo}>
                <TableCell sx={{ minWidth: 160 }}>{e.promo}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{ruleTypeName(e.ruleType) ?? e.ruleType}</TableCell>
                <TableCell align="right">{e.priority}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <Reason said={explanationWords(e, result.lines, names.data ?? NO_NAMES, money)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
