import type { LoginRequest } from '@domain/auth/contracts';
import { api, checkedInDevelopment, errorMessage } from '@web/lib/api-client';
import { nextFromSearch } from '@web/lib/login-redirect';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

// /login (spec 1 §2): sign in, then back to the screen that sent the staff member here. Drawn with
// plain elements and login.css in the look of the app's MUI fields, so that the page needs React
// alone (ADR 035). The form checks its values against the shared contract (its messages word for
// word), loaded with zod when the staff member starts typing, not with the page.

type Field = keyof LoginRequest;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['email', 'password'];

const SessionAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.SessionInfo));
const LoginAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.LoginResponse));

let contract: Promise<typeof LoginRequest> | undefined;
const loadContract = () => {
  contract ??= import('@domain/auth/contracts').then((m) => m.LoginRequest);
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
};

type Checked = { data: LoginRequest; errors?: undefined } | { data?: undefined; errors: Errors };

async function check(values: Values): Promise<Checked> {
  let schema: typeof LoginRequest;
  try {
    schema = await loadContract();
  } catch {
    // Without the contract the server still checks, and its answer shows above the form.
    return { data: values };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

/** Where a signed-in staff member goes: back where they were sent from, a full page load into the app. */
const goOn = () => window.location.replace(nextFromSearch(new URLSearchParams(window.location.search)));

/** `onDraftsEnvironment`: the server says this is the drafts environment (its palette differs). */
export function LoginScreen({ onDraftsEnvironment }: { onDraftsEnvironment?: () => void }) {
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const submitted = useRef(false);
  const checks = useRef(0);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const drafts = useRef(onDraftsEnvironment);
  drafts.current = onDraftsEnvironment;

  // Already signed in (another tab, the back button): straight on.
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/auth/session', SessionAnswer, { signal: controller.signal, public: true })
      .then((session) => {
        if (session.appEnv === 'drafts') drafts.current?.();
        if (session.isLogged) goOn();
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  /** Checks and shows errors; only the latest check counts. */
  const validate = async (next: Values) => {
    const id = ++checks.current;
    const result = await check(next);
    if (id === checks.current) setErrors(result.errors ?? {});
    return id === checks.current ? result : undefined;
  };

  const change = (field: Field) => (value: string) => {
    void loadContract().catch(() => {});
    const next = { ...values, [field]: value };
    setValues(next);
    // Checked on submit, then again on every change.
    if (submitted.current) void validate(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    submitted.current = true;
    const result = await validate(values);
    if (!result) return;
    if (result.errors) {
      const first = FIELDS.find((field) => result.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await api.post('/api/auth/login', LoginAnswer, result.data, { public: true });
      goOn();
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed. Try again.'));
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <span className="brand" aria-hidden="true">
        <BloomMark />
        <span className="brand-words">
          Customer Service <span className="brand-light">Back Office</span>
        </span>
      </span>
      <section className="auth-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in</h1>
        <p className="auth-subtitle">Customer-service back office for staff.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Sign in" className="auth-form">
          {failure && (
            <div role="alert" className="auth-alert">
              <ErrorIcon />
              <span>{failure}</span>
            </div>
          )}
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={values.email}
            onChange={change('email')}
            error={errors.email}
            inputRef={(input) => {
              inputs.current.email = input;
            }}
          />
          <TextField
            name="password"
            label="Password"
            type={passwordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
            inputRef={(input) => {
              inputs.current.password = input;
            }}
            end={
              <button
                type="button"
                className="icon-button"
                aria-label={passwordVisible ? 'Hide password' : 'Show password'}
                onClick={() => setPasswordVisible((v) => !v)}
              >
                {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
              </button>
            }
          />
          <button type="submit" className="submit" aria-busy={busy} disabled={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <span className={busy ? 'submit-label-hidden' : undefined}>Sign in</span>
          </button>
          <a href="/forgotpassword" className="text-link">
            Forgot password?
          </a>
        </form>
      </section>
    </main>
  );
}

interface TextFieldProps {
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
function TextField({
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

function BloomMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        {[0, 72, 144, 216, 288].map((angle) => (
          <ellipse
            key={angle}
            cx="16"
            cy="9"
            rx="4.6"
            ry="7"
            opacity="0.78"
            transform={`rotate(${angle} 16 16)`}
          />
        ))}
        <circle cx="16" cy="16" r="3.4" />
      </g>
    </svg>
  );
}

const icon = (d: string) =>
  function Icon() {
    return (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={d} />
      </svg>
    );
  };

// Material icons (Apache-2.0): Visibility, VisibilityOff, ErrorOutline.
const EyeIcon = icon(
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
);
const EyeOffIcon = icon(
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
);
const ErrorIcon = icon(
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
);
