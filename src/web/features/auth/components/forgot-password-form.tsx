import { FORGOT_PASSWORD_FAILURE } from '@domain/auth/session-constants';
import { LOCALES, type LocaleCode } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { ApiError } from '@web/lib/api-client';
import { useForgotPassword } from '../api/password-reset';

/** The email's language follows the browser when it is one of the spec's locales. */
function browserLocale(): LocaleCode {
  const match = LOCALES.find((l) => l.code.toLowerCase() === navigator.language.toLowerCase());
  return match?.code ?? 'en-US';
}

/** The form's rules, fetched with its first key or press (ADR 044; the email field takes the focus on opening). */
const ForgotPasswordRequest = lazySchema(() =>
  import('@domain/auth/contracts').then((m) => m.ForgotPasswordRequest),
);

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { control, handleSubmit, loadChecks } = useZodForm(ForgotPasswordRequest, {
    defaultValues: { email: '', channel: 'web', localeCode: browserLocale() },
  });

  const onSubmit = handleSubmit((values) => forgot.mutate(values));
  const answer = forgot.data;
  const failed = forgot.isError || answer?.success === false;
  const failure =
    forgot.error instanceof ApiError && forgot.error.status === 429
      ? forgot.error.body.error
      : (answer?.message ?? FORGOT_PASSWORD_FAILURE);

  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={loadChecks}
      onPointerDown={loadChecks}
      noValidate
      aria-label="Forgot password"
    >
      <Stack spacing={2.5}>
        {answer?.success && (
          <Alert severity="success" role="status">
            {answer.message}
          </Alert>
        )}
        {failed && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
