import type { PricedCart } from '@domain/pricing';
import type { ReasonWords } from '@domain/promos/simulator-words';
import { shippingMethodName } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

// Pieces of the simulator's answer: a rule's explanation in words, a total, the shipping rates.

/** A reason in words; a summarized list ("58 skincare SKUs") opens to every product. */
export function Reason({ said }: { said: ReasonWords }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!said.list) return <>{said.text}</>;
  return (
    <>
      {said.text}
      {' — '}
      <Link
        component="button"
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        sx={{ verticalAlign: 'baseline' }}
      >
        {open ? 'hide' : 'show all'}
      </Link>
      {open && (
        <Box
          component="ul"
          id={listId}
          aria-label={said.list.label}
          tabIndex={0}
          sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}
        >
          {said.list.items.map((item) => (
            <Typography component="li" variant="body2" key={item}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
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
