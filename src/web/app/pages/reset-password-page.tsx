import { RESET_LINK_INVALID } from '@domain/auth/session-constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Placeholder } from '@web/components/placeholder';
import { useResetTokenInfo } from '@web/features/auth/api/password-reset';
import { AuthCard } from '@web/features/auth/components/auth-card';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

/** /resetpassword?token=…: the emailed single-use link; purpose "set" is a new staff user's first password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const info = useResetTokenInfo(token);
  const [done, setDone] = useState<string | null>(null);
  const purpose = info.data?.data.purpose ?? 'reset';
  const title = purpose === 'set' ? 'Choose your password' : 'Reset your password';
  const backToLogin = (
    <Link component={RouterLink} to="/login">
      Back to sign in
    </Link>
  );

  if (done) {
    return (
      <AuthCard title="Password saved">
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {done}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" autoFocus>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (token && info.isPending) {
    return (
      <AuthCard title={title}>
        <Stack spacing={2} aria-busy="true">
          <Placeholder height={56} />
          <Placeholder height={56} />
          <Placeholder height={42} />
        </Stack>
      </AuthCard>
    );
  }

  const valid = Boolean(token) && info.data?.data.valid === true;
  if (!valid) {
    return (
      <AuthCard title="This link cannot be used" footer={backToLogin}>
        <Stack spacing={2.5}>
          <Alert severity="warning" role="alert">
            {RESET_LINK_INVALID}
          </Alert>
          <Button component={RouterLink} to="/forgotpassword" variant="contained" size="large">
            Ask for a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      subtitle={info.data?.data.email ? `For ${info.data.data.email}` : undefined}
      footer={backToLogin}
    >
      <ResetPasswordForm
        token={token}
        submitLabel={purpose === 'set' ? 'Save password' : 'Reset password'}
        onDone={setDone}
      />
    </AuthCard>
  );
}
