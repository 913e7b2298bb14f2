import { useSessionQuery } from '@web/features/auth/api/session';
import { AuthCard } from '@web/features/auth/components/auth-card';
import { LoginForm } from '@web/features/auth/components/login-form';
import { nextFromSearch } from '@web/lib/login-redirect';
import { Navigate, useSearchParams } from 'react-router';

/** /login: after signing in, the user goes back to the screen that sent them here. */
export function LoginPage() {
  const [search] = useSearchParams();
  const { data: session } = useSessionQuery();
  // Also covers a successful sign-in: the mutation puts the new session in the cache.
  if (session?.isLogged) return <Navigate to={nextFromSearch(search)} replace />;
  return (
    <AuthCard title="Sign in" subtitle="Customer-service back office for staff.">
      <LoginForm />
    </AuthCard>
  );
}
