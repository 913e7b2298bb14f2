import type { EstimateContext } from '@domain/checkout/checkout';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@web/components/section-card';

/** The shipping methods the estimate offers, with their rates, and where Ship to Social sends it. */
export function ShippingMethodPanel({
  hasDestination,
  context,
  estimating,
  method,
  onMethod,
  money,
}: {
  /** A shipping address is in, or a popup is chosen. */
  hasDestination: boolean;
  context: EstimateContext | null;
  estimating: boolean;
  method: number | null;
  onMethod: (method: number) => void;
  money: (cents: number) => string;
}) {
  return (
    <SectionCard title="Shipping method">
      {!hasDestination ? (
        <Typography color="text.secondary">Enter the shipping address to see the methods.</Typography>
      ) : !context ? (
        <Typography color="text.secondary">{estimating ? 'Estimating…' : 'No estimate yet.'}</Typography>
      ) : (
        <RadioGroup
          aria-label="Shipping method"
          value={method ?? ''}
          onChange={(e) => onMethod(Number(e.target.value))}
        >
          {context.shipping.rates.map((r) => (
            <FormControlLabel
              key={r.method}
              value={r.method}
              control={<Radio />}
              label={`${r.name} — ${r.amount === 0 ? 'Free' : money(r.amount)}${r.amount < r.regularAmount ? ` (was ${money(r.regularAmount)})` : ''}`}
            />
          ))}
        </RadioGroup>
      )}
      {context?.shipToSocial?.chosen && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="ship-to-social">
          Ships to the pop-up host for {context.shipToSocial.name}: {context.shipToSocial.address.firstName}{' '}
          {context.shipToSocial.address.lastName},{' '}
          {[context.shipToSocial.address.address, context.shipToSocial.address.address2]
            .filter(Boolean)
            .join(', ')}
          , {context.shipToSocial.address.city}, {context.shipToSocial.address.region}{' '}
          {context.shipToSocial.address.postalCode}. The order waits as Pending Pop-up until the pop-up
          closes.
        </Alert>
      )}
    </SectionCard>
  );
}
