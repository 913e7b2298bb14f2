import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One block of the customer dashboard: a titled card with an optional "see all" link. */
export function DashboardCard({
  title,
  more,
  children,
  span = 1,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
  span?: 1 | 2;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, minWidth: 0, gridColumn: { md: span === 2 ? '1 / -1' : 'auto' } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {more && (
          <Link component={RouterLink} to={more.to} variant="body2">
            {more.label}
          </Link>
        )}
      </Box>
      {children}
    </Paper>
  );
}

export const None = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);
