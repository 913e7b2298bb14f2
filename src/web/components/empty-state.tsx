import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Links or buttons offered next. */
  actions?: ReactNode;
  /** Compact for use inside a card; full for a whole screen. */
  size?: 'compact' | 'full';
  /** The title is the screen's own h1 when nothing else names the screen (404, no access). */
  pageTitle?: boolean;
}

/** "Nothing here" in one consistent shape: no results, no data yet, no access. */
export function EmptyState({
  title,
  description,
  icon,
  actions,
  size = 'compact',
  pageTitle = false,
}: EmptyStateProps) {
  const full = size === 'full';
  const heading = pageTitle ? 'h1' : full ? 'h2' : 'p';
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: full ? { xs: 6, sm: 10 } : 4,
        px: 2,
      }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: full ? 72 : 48,
            height: full ? 72 : 48,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'primary.main',
            mb: 1,
            '& svg': { fontSize: full ? 36 : 26 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant={full ? 'h2' : 'subtitle1'} component={heading} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 460 }}>
          {description}
        </Typography>
      )}
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', mt: 2 }}>
          {actions}
        </Box>
      )}
    </Box>
  );
}
