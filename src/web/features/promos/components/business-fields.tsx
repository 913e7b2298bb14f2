import type { BusinessPromoForm } from '@domain/promos/business-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';

// Fields of the business promo form (spec 3 §2, §5) bound to its react-hook-form state.

type BusinessControl = Control<BusinessPromoForm, unknown, BusinessPromoForm>;

/** Countries or user types: one checkbox each, the chosen ids in the field. */
export function CheckboxGroup({
  control,
  name,
  legend,
  options,
}: {
  control: BusinessControl;
  name: 'countries' | 'userTypes';
  legend: string;
  options: readonly { id: number; name: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormGroup>
          <FormLabel component="legend">{legend}</FormLabel>
          {options.map((o) => (
            <FormControlLabel
              key={o.id}
              control={
                <Checkbox
                  checked={field.value.includes(o.id)}
                  onChange={() =>
                    field.onChange(
                      field.value.includes(o.id)
                        ? field.value.filter((x) => x !== o.id)
                        : [...field.value, o.id],
                    )
                  }
                />
              }
              label={o.name}
            />
          ))}
        </FormGroup>
      )}
    />
  );
}

/** "Buy how many" or "Get how many": digits only, marked while not 1 to 99 (BUY_GET_MESSAGE). */
export function UnitsField({
  control,
  name,
  label,
}: {
  control: BusinessControl;
  name: 'buy' | 'get';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 2))}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 200 }}
        />
      )}
    />
  );
}
