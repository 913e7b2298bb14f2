import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/** Refund the order's shipping too: what of it is not yet refunded, when any is. */
export function RefundShippingField({
  checked,
  onChange,
  unrefunded,
  money,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The shipping not yet refunded, in cents. */
  unrefunded: number;
  money: (cents: number) => string;
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          disabled={unrefunded <= 0}
          onChange={(ev) => onChange(ev.target.checked)}
        />
      }
      label={`Refund shipping (${money(Math.max(0, unrefunded))} not yet refunded)`}
    />
  );
}
