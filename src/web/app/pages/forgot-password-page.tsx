import Link from '@mui/material/Link';
import { AuthCard } from '@web/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';
import { Link as RouterLink } from 'react-router';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email you sign in with. We will send a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
