import { api, checkedInDevelopment, errorMessage } from '@web/lib/api-client';
import { nextFromSearch } from '@web/lib/login-redirect';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { check, type Errors, type Field, loadContract, type Values } from './login-check';
import { TextField } from './login-fields';
import { BloomMark, ErrorIcon, EyeIcon, EyeOffIcon } from './login-icons';

// /login (spec 1 §2): sign in, then back to the screen that sent the staff member here. Drawn with
// plain elements and login.css in the look of the app's MUI fields, so that the page needs React
// alone (ADR 035). The form checks its values against the shared contract (its messages word for
// word), loaded with zod when the staff member starts typing, not with the page.

const FIELDS: Field[] = ['email', 'password'];

const SessionAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.SessionInfo));
const LoginAnswer = checkedInDevelopment(() => import('@domain/auth/contracts').then((m) => m.LoginResponse));

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
