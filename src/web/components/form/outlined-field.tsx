import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type ReactNode, type Ref, useId } from 'react';

interface OutlinedFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field in the error colour, and marks the field invalid. */
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A full-width outlined text field made of the parts MUI's TextField renders (same markup, label
 * wiring and look), for the first screen: TextField also brings the whole Select with its menu and
 * popover, a third of the login page's JavaScript. Forms elsewhere keep FormTextField.
 */
export function OutlinedField({
  name,
  label,
  value,
  onChange,
  error,
  type,
  autoComplete,
  autoFocus,
  required,
  endAdornment,
  inputRef,
}: OutlinedFieldProps) {
  const id = useId();
  const helperId = error ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      required={required}
      error={Boolean(error)}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth
        inputRef={inputRef}
        endAdornment={endAdornment}
        aria-describedby={helperId}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
