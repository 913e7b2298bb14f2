import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSwitchProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
}

/** A boolean field shown as a labelled switch. */
export function FormSwitch<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
}: FormSwitchProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(_event, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
          />
          {helperText && <FormHelperText sx={{ mt: -0.5, ml: 6.5 }}>{helperText}</FormHelperText>}
        </div>
      )}
    />
  );
}
