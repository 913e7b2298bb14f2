import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '@web/components/brand-logo';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the card (e.g. "Back to sign in"). */
  footer?: ReactNode;
}

/** The frame of the screens without chrome: sign in, forgot password, reset password. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: `radial-gradient(circle at 20% 0%, ${theme.palette.primary.light}33, transparent 55%),
          radial-gradient(circle at 100% 100%, ${theme.palette.secondary.light}33, transparent 50%),
          ${theme.palette.background.default}`,
      })}
    >
      <Box sx={{ color: 'primary.main', mb: 3 }}>
        <BrandLogo />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h1" sx={{ mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
      {footer && <Box sx={{ mt: 2, fontSize: 14 }}>{footer}</Box>}
    </Box>
  );
}
