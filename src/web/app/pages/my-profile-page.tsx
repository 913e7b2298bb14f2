import { ROLE_LABELS } from '@domain/auth/roles';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@web/components/page-header';
import { useForgotPassword } from '@web/features/auth/api/password-reset';
import { useSession } from '@web/features/auth/api/session';
import { ChangeEmailForm } from '@web/features/auth/components/change-email-form';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** /profile: who one is signed in as, one's access, and the self-service changes (email, password). */
export function MyProfilePage() {
  const session = useSession();
  const reset = useForgotPassword();
  const user = session.userInfo;
  if (!user) return null;
  const access = [session.promoAccess && 'promo access', session.junoAccess && 'deploy access (juno)']
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <PageHeader title="Your profile" subtitle={user.email} />
      <Stack spacing={3}>
        <Section title="Account">
          <Stack
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            <Fact label="Name" value={user.name} />
            <Fact label="Sign-in email" value={user.email} />
            <Fact label="Role" value={session.role ? ROLE_LABELS[session.role] : '—'} />
            <Fact label="Directory" value={user.directory} />
            <Fact label="Promotions" value={access || 'none'} />
            {session.expiresAt && <Fact label="Session ends" value={formatDateTime(session.expiresAt)} />}
          </Stack>
        </Section>
        <Section title="Change sign-in email">
          <ChangeEmailForm uid={user.uid} currentEmail={user.email} />
        </Section>
        <Section title="Password">
          <Stack spacing={2} sx={{ maxWidth: 480 }}>
            {reset.isSuccess && (
              <Alert severity="success" role="status">
                We sent a link to {user.email}. It works once, for one hour.
              </Alert>
            )}
            {reset.isError && (
              <Alert severity="error" role="alert">
                {reset.error.message}
              </Alert>
            )}
            <Typography variant="body2">
              To change your password, we email you a single-use link to {user.email}.
            </Typography>
            <div>
              <Button
                variant="outlined"
                loading={reset.isPending}
                onClick={() => reset.mutate({ email: user.email, channel: 'web', localeCode: 'en-US' })}
              >
                Email me a password link
              </Button>
            </div>
          </Stack>
        </Section>
      </Stack>
    </>
  );
}
