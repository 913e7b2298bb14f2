import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface NumberSelectProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly { id: number; name: string }[];
  /** Offer "Not set" (null) as a choice. */
  optional?: boolean;
  required?: boolean;
}

/** A select of reference ids (account type, gender, language, country) holding a number or null. */
export function NumberSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  optional = false,
  required = false,
}: NumberSelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          required={required}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {optional && (
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
