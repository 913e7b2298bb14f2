import type { CheckoutAddress } from '@domain/checkout/checkout';
import type { VerifyRecord } from '@domain/maps/maps';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { addressLine } from './address-line';

/** An address the verification answered with a suggestion or an error (spec 3 §2–§4). */
export interface PendingVerification {
  entered: CheckoutAddress;
  record: VerifyRecord;
  suggestion: boolean;
  error: boolean;
}

export type AddressVariant = 'entered' | 'suggested';

/** The verification's messages, and the entered and suggested variants of the address to choose from. */
export function AddressVerifyDialog({
  pending,
  variant,
  onVariant,
  onEdit,
  onChoose,
}: {
  pending: PendingVerification | null;
  variant: AddressVariant;
  onVariant: (v: AddressVariant) => void;
  /** Back to the form (the dialog closes). */
  onEdit: () => void;
  onChoose: () => void;
}) {
  const titleId = useId();
  const r = pending?.record;
  return (
    <Dialog open={pending !== null} onClose={onEdit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Verify the address</DialogTitle>
      <DialogContent>
        {r?.Messages.map((m) => (
          <Alert key={m} severity={pending?.error ? 'error' : 'info'} sx={{ mb: 1 }}>
            {m}
          </Alert>
        ))}
        {pending && (
          <RadioGroup
            value={variant}
            onChange={(e) => onVariant(e.target.value as AddressVariant)}
            aria-label="Address variant"
          >
            <FormControlLabel
              value="entered"
              control={<Radio />}
              label={`Entered: ${addressLine(pending.entered)}`}
            />
            {pending.suggestion && r && (
              <FormControlLabel
                value="suggested"
                control={<Radio />}
                label={`Suggested: ${pending.entered.address}, ${r.Locality || pending.entered.city}, ${r.AdministrativeArea} ${r.PostalCode}`}
              />
            )}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onEdit}>Edit address</Button>
        <Button variant="contained" onClick={onChoose}>
          Use {variant === 'suggested' ? 'suggested' : 'entered'} address
        </Button>
      </DialogActions>
    </Dialog>
  );
}
