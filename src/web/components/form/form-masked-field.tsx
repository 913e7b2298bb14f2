import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type FormMaskedFieldProps<T extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'select'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  /** An input mask of the form-rules library (formatPhone, formatZip …), applied as the user types. */
  mask: (value: string) => string;
};

/** A text field whose value is shaped by an input mask while typing (spec 3 §5 input formatting). */
export function FormMaskedField<T extends FieldValues, TOut = T>({
  control,
  name,
  mask,
  helperText,
  ...props
}: FormMaskedFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(mask(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
