import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { PasswordField } from './password-field';

interface ResetPasswordFormProps {
  token: string;
  submitLabel: string;
  onDone: (message: string) => void;
}

/** The form's rules, fetched with its first key or press (ADR 044; the password field takes the focus on opening). */
const NewPasswordForm = lazySchema(() => import('@domain/auth/contracts').then((m) => m.NewPasswordForm));

export function ResetPasswordForm({ token, submitLabel, onDone }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const { control, handleSubmit, loadChecks } = useZodForm(NewPasswordForm, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      { onSuccess: (answer) => answer.success && onDone(answer.message ?? 'Your password has been saved.') },
    ),
  );
  const refused =
    reset.data && !reset.data.success ? (reset.data.message ?? 'The password was not saved.') : null;

  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={loadChecks}
      onPointerDown={loadChecks}
      noValidate
      aria-label={submitLabel}
    >
      <Stack spacing={2.5}>
        {(reset.isError || refused) && (
          <Alert severity="error" role="alert">
            {refused ?? errorMessage(reset.error, 'The password was not saved. Try again.')}
          </Alert>
        )}
        <PasswordField
          control={control}
          name="password"
          label="New password"
          autoComplete="new-password"
          autoFocus
          helperText="At least 8 characters"
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
