import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type Overrides = { overrideTax: number | null; overrideShipping: number | null };

const toCents = (v: string): number | null | undefined => {
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : undefined;
};

// Each field is at least 180 px wide so its label ("Override shipping") is never cut short.

/** Staff overrides of tax and shipping (spec 2 §3 order context overrides); blank keeps the estimate's. */
export function OverridesFields({ value, onChange }: { value: Overrides; onChange: (o: Overrides) => void }) {
  const show = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
  const [shipping, setShipping] = useState(show(value.overrideShipping));
  const [tax, setTax] = useState(show(value.overrideTax));
  const s = toCents(shipping);
  const t = toCents(tax);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}>
      <TextField
        size="small"
        label="Override shipping"
        value={shipping}
        onChange={(e) => setShipping(e.target.value)}
        error={s === undefined}
        helperText={s === undefined ? 'Please enter a valid number' : ' '}
        inputMode="decimal"
        sx={{ flex: '1 1 180px' }}
      />
      <TextField
        size="small"
        label="Override tax"
        value={tax}
        onChange={(e) => setTax(e.target.value)}
        error={t === undefined}
        helperText={t === undefined ? 'Please enter a valid number' : ' '}
        inputMode="decimal"
        sx={{ flex: '1 1 180px' }}
      />
      <Button
        variant="outlined"
        disabled={s === undefined || t === undefined}
        onClick={() => onChange({ overrideShipping: s ?? null, overrideTax: t ?? null })}
      >
        Apply overrides
      </Button>
    </Box>
  );
}
