import { type CartView, OverrideEntry } from '@domain/carts';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useOverride, useRemoveOverride } from '../api/carts';

// Price-override form (spec 2 §3, §5): all required; price and volumes as floats, quantity a number.

const FIELDS = [
  ['overridePrice', 'Override price'],
  ['overridePV', 'Override PV'],
  ['overrideQV', 'Override QV'],
  ['overrideCV', 'Override CV'],
  ['quantity', 'Quantity'],
] as const;
type Field = (typeof FIELDS)[number][0];
const EMPTY: Record<Field, string> = {
  overridePrice: '',
  overridePV: '',
  overrideQV: '',
  overrideCV: '',
  quantity: '',
};
const toNumber = (s: string) => (s.trim() === '' ? undefined : Number(s));

export function OverrideForm({ cart }: { cart: CartView }) {
  const lines = cart.products.filter((p) => p.lineItemId !== null && !p.isPromo && p.id === p.lineItemId);
  const [lineId, setLineId] = useState('');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'id', string>>>({});
  const save = useOverride(cart.cartId);
  const remove = useRemoveOverride(cart.cartId);
  const alert = useAlert();
  const line = lines.find((l) => l.id === lineId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = OverrideEntry.safeParse({
      id: lineId,
      sku: line?.sku ?? '',
      overridePrice: toNumber(values.overridePrice),
      overridePV: toNumber(values.overridePV),
      overrideQV: toNumber(values.overrideQV),
      overrideCV: toNumber(values.overrideCV),
      quantity: toNumber(values.quantity),
    });
    if (!parsed.success) {
      const next: Partial<Record<Field | 'id', string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as Field | 'id' | 'sku';
        const field = key === 'sku' ? 'id' : key;
        next[field] ??= issue.code === 'invalid_type' ? 'Required' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        alert.success('Override saved.');
      },
      onError: (err) => {
        // The server's field messages (a bound, the cart's total) go under their fields.
        const next: Partial<Record<Field | 'id', string>> = {};
        if (err instanceof ApiError)
          for (const issue of err.issues) {
            const key = issue.path.replace(/^body\./, '') as Field;
            if (key in EMPTY) next[key] ??= issue.message;
          }
        if (Object.keys(next).length > 0) setErrors(next);
        else alert.error(errorMessage(err));
      },
    });
  };
  return (
    <>
      {cart.overrides.length > 0 && (
        <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
          {cart.overrides.map((o) => (
            <li key={o.id}>
              <Typography variant="body2" component="span">
                {o.sku}: {formatMoney(Math.round(o.overridePrice * 100), cart.currency.name, cart.localeCode)}{' '}
                × {o.quantity} (PV {o.overridePV}, QV {o.overrideQV}, CV {o.overrideCV}) by {o.by}
              </Typography>
              <Button
                size="small"
                onClick={() => remove.mutate(o.id)}
                aria-label={`Remove override on ${o.sku}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Price override"
        // Columns of at least 180 px so a label ("Override price *") is never cut short.
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
      >
        <TextField
          select
          size="small"
          label="Line"
          required
          value={lineId}
          onChange={(e) => {
            setLineId(e.target.value);
            const l = lines.find((x) => x.id === e.target.value);
            if (l) setValues((v) => ({ ...v, quantity: String(l.quantity) }));
          }}
          error={!!errors.id}
          helperText={errors.id ?? ' '}
        >
          {lines.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.sku} · {l.title}
            </MenuItem>
          ))}
        </TextField>
        {FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            size="small"
            label={label}
            required
            type="number"
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            error={!!errors[key]}
            helperText={errors[key] ?? ' '}
            slotProps={{
              htmlInput: { step: key === 'quantity' ? 1 : 0.01, min: key === 'quantity' ? 1 : 0 },
            }}
          />
        ))}
        <Box>
          <Button type="submit" variant="outlined" loading={save.isPending}>
            Save override
          </Button>
        </Box>
      </Box>
    </>
  );
}
