import { FormTextField } from '@web/components/form/form-text-field';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordVisibilityToggle } from './password-visibility-toggle';

interface PasswordFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  helperText?: string;
}

/** A password input with a show/hide toggle (agents often sign in on shared counters). */
export function PasswordField<T extends FieldValues, TOut = T>(props: PasswordFieldProps<T, TOut>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      fullWidth
      required
      slotProps={{
        input: {
          endAdornment: <PasswordVisibilityToggle visible={visible} onToggle={() => setVisible((v) => !v)} />,
        },
      }}
    />
  );
}
