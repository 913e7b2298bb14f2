import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  /** An input mask of the form-rules library (formatPhone, formatZip …), applied as the user types (spec 3 §5). */
  mask?: (value: string) => string;
};

/** A labelled MUI text field bound to react-hook-form; the zod message shows under it. Also a select with `select`. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  mask,
  ...props
}: FormTextFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={mask ? (event) => field.onChange(mask(event.target.value)) : field.onChange}
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
