import { newCardProblems } from '@domain/validation/checks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { tokenizeCard } from '../api/checkout';

/** A new card for one row, tokenised at the gateway (only the token reaches the API). */
export function SplitNewCardForm({
  index,
  onToken,
}: {
  index: number;
  onToken: (t: { token: string; label: string }) => void;
}) {
  const [number, setNumber] = useState('');
  const [cvv, setCvv] = useState('');
  const [expiry, setExpiry] = useState('');
  const [postal, setPostal] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const use = async () => {
    const found = newCardProblems({ number, cvv, expiry, postal });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const t = await tokenizeCard({ number, cvv, expiry, postalCode: postal });
      onToken({ token: t.data.token, label: `${t.data.brand} ending ${t.data.last4}` });
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      role="group"
      aria-label={`New card ${index}`}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
    >
      <TextField
        size="small"
        label={`Card number ${index}`}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={!!errors.number}
        helperText={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
      />
      <TextField
        size="small"
        label={`CVV ${index}`}
        value={cvv}
        onChange={(e) => setCvv(e.target.value)}
        error={!!errors.cvv}
        helperText={errors.cvv}
        inputMode="numeric"
        autoComplete="cc-csc"
      />
      <TextField
        size="small"
        label={`Expiry ${index} (MM/YY)`}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        error={!!errors.expiry}
        helperText={errors.expiry}
        autoComplete="cc-exp"
      />
      <TextField
        size="small"
        label={`Card postal code ${index}`}
        value={postal}
        onChange={(e) => setPostal(e.target.value)}
        error={!!errors.postal}
        helperText={errors.postal}
        autoComplete="postal-code"
      />
      <Button variant="outlined" loading={busy} onClick={use}>
        Use card {index}
      </Button>
      {errors.form && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {errors.form}
        </Alert>
      )}
    </Box>
  );
}
