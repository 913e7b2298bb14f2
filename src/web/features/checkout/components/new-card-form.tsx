import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { NewCard } from '../hooks/use-new-card';

/** The payment's new card form; its fields live in useNewCard, so they outlast a switch of mode. */
export function NewCardForm({ card }: { card: NewCard }) {
  const { values, set, errors } = card;
  return (
    <Box
      component="form"
      onSubmit={card.tokenise}
      aria-label="New card"
      noValidate
      // Columns of at least 180 px: every label ("Card postal code") is read whole.
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
    >
      <TextField
        size="small"
        label="Card number"
        value={values.number}
        onChange={(e) => set.number(e.target.value)}
        error={!!errors.number}
        helperText={errors.number}
        autoComplete="cc-number"
        inputMode="numeric"
      />
      <TextField
        size="small"
        label="CVV"
        value={values.cvv}
        onChange={(e) => set.cvv(e.target.value)}
        error={!!errors.cvv}
        helperText={errors.cvv}
        autoComplete="cc-csc"
        inputMode="numeric"
      />
      <TextField
        size="small"
        label="Expiry (MM/YY)"
        value={values.expiry}
        onChange={(e) => set.expiry(e.target.value)}
        error={!!errors.expiry}
        helperText={errors.expiry}
        autoComplete="cc-exp"
      />
      <TextField
        size="small"
        label="Card postal code"
        value={values.postal}
        onChange={(e) => set.postal(e.target.value)}
        error={!!errors.postal}
        helperText={errors.postal}
        autoComplete="postal-code"
      />
      <FormControlLabel
        control={<Checkbox checked={values.save} onChange={(e) => set.save(e.target.checked)} />}
        label="Save card"
      />
      <Button type="submit" variant="outlined" loading={card.busy}>
        Use this card
      </Button>
      {errors.form && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {errors.form}
        </Alert>
      )}
    </Box>
  );
}
