import { LoginRequest } from '@domain/auth/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@web/components/form/form-text-field';
import { errorMessage } from '@web/lib/api-client';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useLogin } from '../api/use-login';
import { PasswordField } from './password-field';

/** Signing in puts the new session in the cache; the login page then moves on. */
export function LoginForm() {
  const login = useLogin();
  const { control, handleSubmit } = useForm<z.input<typeof LoginRequest>, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack spacing={2.5}>
        {login.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(login.error, 'Sign-in failed. Try again.')}
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
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" loading={login.isPending || login.isSuccess}>
          Sign in
        </Button>
        <Link component={RouterLink} to="/forgotpassword" sx={{ alignSelf: 'center', fontSize: 14 }}>
          Forgot password?
        </Link>
      </Stack>
    </form>
  );
}
