import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { useUpdateOwnEmail } from '../api/use-update-own-email';

/**
 * The request's email rule (the server's, word for word), fetched when the form is first used
 * (ADR 044: forms load their schema on first use).
 */
const ChangeEmailValues = lazySchema(() =>
  import('@domain/auth/contracts').then((m) => m.UpdateEmailRequest.pick({ email: true })),
);

/** One's own sign-in email: a confirmation link goes to the new address. */
export function ChangeEmailForm({ uid, currentEmail }: { uid: string; currentEmail: string }) {
  const update = useUpdateOwnEmail(uid);
  const { control, handleSubmit, loadChecks } = useZodForm(ChangeEmailValues, {
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((values) => update.mutate(values.email));

  return (
    <form onSubmit={onSubmit} onFocus={loadChecks} noValidate aria-label="Change sign-in email">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {update.isSuccess && (
          <Alert severity="success" role="status">
            {update.data.message}
          </Alert>
        )}
        {update.isError && (
          <Alert severity="error" role="alert">
            {update.error.message}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          label="New sign-in email"
          type="email"
          autoComplete="email"
          helperText={`You sign in as ${currentEmail} until you follow the link we send to the new address.`}
          required
          fullWidth
        />
        <div>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Send confirmation link
          </Button>
        </div>
      </Stack>
    </form>
  );
}
