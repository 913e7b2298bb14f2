import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a customer tab (the layout holds the page's h1). */
export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        flexWrap: 'wrap',
        mb: 2,
      }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {children}
      </Typography>
      {actions}
    </Box>
  );
}
