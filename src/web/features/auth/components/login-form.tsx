import type { LoginRequest } from '@domain/auth/contracts';
import Button from '@mui/material/Button';
import { OutlinedField } from '@web/components/form/outlined-field';
import { errorMessage } from '@web/lib/api-client';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useLogin } from '../api/use-login';
import { FormColumn, TextLink } from './auth-form-parts';
import { PasswordVisibilityToggle } from './password-visibility-toggle';

type Field = keyof LoginRequest;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['email', 'password'];

// The form checks its values against the shared contract (its messages word for word), which
// loads with zod when the user starts typing rather than with the page: the login page is the
// first screen of every visit and stays light (issue 15, JavaScript budget).
let contract: Promise<typeof LoginRequest> | undefined;
const loadContract = () => {
  contract ??= import('@domain/auth/contracts').then((m) => m.LoginRequest);
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
};

// The error banner shows only after a failed sign-in: fetched when the form is sent.
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);

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
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Signing in puts the new session in the cache; the login page then moves on. */
export function LoginForm() {
  const login = useLogin();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  const submitted = useRef(false);
  const checks = useRef(0);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

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
    // As before with react-hook-form: checked on submit, then again on every change.
    if (submitted.current) void validate(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    void loadAlert().catch(() => {});
    const result = await validate(values);
    if (!result) return;
    if (result.errors) {
      const first = FIELDS.find((field) => result.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    login.mutate(result.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <FormColumn>
        {login.isError && (
          <Suspense
            fallback={<div role="alert">{errorMessage(login.error, 'Sign-in failed. Try again.')}</div>}
          >
            <Alert severity="error" role="alert">
              {errorMessage(login.error, 'Sign-in failed. Try again.')}
            </Alert>
          </Suspense>
        )}
        <OutlinedField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          inputRef={(input) => {
            inputs.current.email = input;
          }}
        />
        <OutlinedField
          name="password"
          label="Password"
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          inputRef={(input) => {
            inputs.current.password = input;
          }}
          endAdornment={
            <PasswordVisibilityToggle
              visible={passwordVisible}
              onToggle={() => setPasswordVisible((v) => !v)}
            />
          }
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending || login.isSuccess}>
          Sign in
        </Button>
        <TextLink to="/forgotpassword" style={{ alignSelf: 'center', fontSize: 14 }}>
          Forgot password?
        </TextLink>
      </FormColumn>
    </form>
  );
}
