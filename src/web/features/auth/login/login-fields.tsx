import { type ReactNode, useId } from 'react';

// The sign-in page's field, drawn with plain elements and login.css in the look of the app's MUI
// outlined fields (ADR 035).

export interface TextFieldProps {
  name: string;
  label: string;
  type: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
  autoFocus?: boolean;
  inputRef: (input: HTMLInputElement | null) => void;
  end?: ReactNode;
}

/** An outlined field with its label on the border once filled or focused, as the app's fields. */
export function TextField({
  name,
  label,
  type,
  value,
  onChange,
  error,
  autoComplete,
  autoFocus,
  inputRef,
  end,
}: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={`field${error ? ' field-error' : ''}${value ? ' field-filled' : ''}`}>
      <div className="field-box">
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the one field of the page a visitor came to fill
          autoFocus={autoFocus}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
          ref={inputRef}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true">{'\u2009*'}</span>
        </label>
        {end}
        <fieldset aria-hidden="true">
          <legend>
            <span>{`${label}\u2009*`}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={helperId} className="field-helper">
          {error}
        </p>
      )}
    </div>
  );
}
