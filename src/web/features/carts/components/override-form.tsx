import type { CartView, OverrideEntry } from '@domain/carts/cart';
import { type OverrideFieldValues, overrideRead } from '@domain/carts/override-rules';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { Controller } from 'react-hook-form';
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
const NUMBER_FIELDS = FIELDS.map(([key]) => key);
const EMPTY: Record<Field, string> = {
  overridePrice: '',
  overridePV: '',
  overrideQV: '',
  overrideCV: '',
  quantity: '',
};
/** The SKU comes with the chosen line: its problems show under the line. */
const SKU_UNDER_LINE = { sku: 'id' } as const;

/**
 * The form's fields read as the override the server takes (the same OverrideEntry checks), fetched
 * when the form is first used (ADR 044: forms load their schema on first use).
 */
const OverrideFields = lazySchema(() => import('@domain/carts/override-form').then((m) => m.OverrideFields));

/** The fields as typed: the form's values when its rules could not be fetched (ADR 044). */
const asTyped = (v: OverrideEntry | OverrideFieldValues): v is OverrideFieldValues =>
  typeof v.overridePrice === 'string';
/** What is sent: the checked override, or the fields read as numbers when the rules could not be fetched. */
const bodyOf = (checked: OverrideEntry | OverrideFieldValues) =>
  asTyped(checked) ? overrideRead(checked) : checked;

export function OverrideForm({ cart }: { cart: CartView }) {
  const lines = cart.products.filter((p) => p.lineItemId !== null && !p.isPromo && p.id === p.lineItemId);
  const save = useOverride(cart.cartId);
  const remove = useRemoveOverride(cart.cartId);
  const alert = useAlert();
  const { control, handleSubmit, reset, setValue, applyServerIssues, loadChecks } = useZodForm(
    OverrideFields,
    {
      defaultValues: { id: '', sku: '', ...EMPTY },
      issuesUnder: SKU_UNDER_LINE,
    },
  );
  const submit = handleSubmit((entry) =>
    save.mutate(bodyOf(entry), {
      onSuccess: () => {
        reset({ id: entry.id, sku: entry.sku, ...EMPTY });
        alert.success('Override saved.');
      },
      // The server's field messages (a bound, the cart's total) go under their fields.
      onError: (err) => {
        if (!applyServerIssues(err, NUMBER_FIELDS)) alert.error(errorMessage(err));
      },
    }),
  );
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
        onFocus={loadChecks}
        aria-label="Price override"
        // Columns of at least 180 px so a label ("Override price *") is never cut short.
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
      >
        <Controller
          control={control}
          name="id"
          render={({ field, fieldState }) => (
            <TextField
              select
              size="small"
              label="Line"
              required
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => {
                field.onChange(e.target.value);
                const l = lines.find((x) => x.id === e.target.value);
                if (!l) return;
                setValue('sku', l.sku);
                setValue('quantity', String(l.quantity));
              }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            >
              {lines.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.sku} · {l.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {FIELDS.map(([key, label]) => (
          <FormTextField
            key={key}
            control={control}
            name={key}
            size="small"
            label={label}
            required
            type="number"
            helperText=" "
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
