import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface NumberSelectProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  /** `refusal`: the option is shown disabled, with why (the server would refuse it). */
  options: readonly { id: number; name: string; refusal?: string | null }[];
  /** Offer "Not set" (null) as a choice. */
  optional?: boolean;
  required?: boolean;
  /** Shown but not changeable by this staff member; `helperText` says why. */
  readOnly?: boolean;
  helperText?: string;
}

/** A select of reference ids (account type, gender, language, country) holding a number or null. */
export function NumberSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  optional = false,
  required = false,
  readOnly = false,
  helperText,
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
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            select: {
              readOnly,
              MenuProps: { slotProps: { paper: { sx: { maxWidth: 420 } } } },
            },
          }}
        >
          {optional && (
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem
              key={o.id}
              value={o.id}
              disabled={Boolean(o.refusal)}
              // Not choosable, but readable: the reason is the point of showing it.
              sx={{ whiteSpace: 'normal', '&.Mui-disabled': { opacity: 1 } }}
            >
              {o.refusal ? (
                <ListItemText
                  primary={o.name}
                  secondary={o.refusal}
                  slotProps={{ primary: { sx: { color: 'text.secondary' } } }}
                />
              ) : (
                o.name
              )}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
