import type { PricedCart, RuleExplanation } from '@domain/pricing';
import { shippingMethodName } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

// Pieces of the simulator's answer: a rule's explanation in words, a total, the shipping rates.

export function explain(e: RuleExplanation, money: (cents: number) => string): string {
  if (e.applied) {
    const times = e.times === 1 ? 'once' : `${e.times} times`;
    return `Applied ${times} on line${e.lines.length === 1 ? '' : 's'} ${e.lines.join(', ') || '—'}, ${money(e.amount)}`;
  }
  return `Not applied: ${e.message}`;
}

export function Total({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

/** The region's shipping rates after the shipping promos (free, flat, percent off, dropped methods). */
export function ShippingRates({ result, money }: { result: PricedCart; money: (cents: number) => string }) {
  if (result.shipping.rates.length === 0)
    return (
      <Typography variant="body2" sx={{ mb: 2 }}>
        No shipping method is offered for this cart.
      </Typography>
    );
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Shipping rates after promos
      </Typography>
      <Box component="ul" aria-label="Shipping rates" sx={{ m: 0, pl: 2.5 }}>
        {result.shipping.rates.map((r) => (
          <Typography component="li" variant="body2" key={r.method}>
            {shippingMethodName(r.method) ?? `Method ${r.method}`}: {money(r.amount)}
            {r.method === result.shipping.method ? ' (chosen)' : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
