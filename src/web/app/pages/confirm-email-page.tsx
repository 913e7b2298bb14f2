import { EMAIL_LINK_INVALID } from '@domain/auth/session-constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useConfirmEmail } from '@web/features/auth/api/password-reset';
import { AuthCard } from '@web/features/auth/components/auth-card';
import { Link as RouterLink, useSearchParams } from 'react-router';

/**
 * /confirm-email?token=…: the link emailed to a staff member's new sign-in address. Nothing
 * changes until the button is pressed, so a mail scanner opening the link spends nothing.
 */
export function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useConfirmEmail();
  const footer = (
    <Link component={RouterLink} to="/login">
      Back to sign in
    </Link>
  );

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Email confirmed" footer={footer}>
        <Alert severity="success" role="status">
          From now on you sign in as {confirm.data.email}.
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your new sign-in email" footer={footer}>
      <Stack spacing={2.5}>
        {(!token || confirm.isError) && (
          <Alert severity="warning" role="alert">
            {confirm.error?.message ?? EMAIL_LINK_INVALID}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          disabled={!token || confirm.isPending}
          onClick={() => confirm.mutate(token)}
        >
          {confirm.isPending ? 'Confirming…' : 'Confirm this email'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
