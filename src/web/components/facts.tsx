import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list, two columns on wider screens. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(110px, auto) 1fr', sm: 'minmax(140px, auto) 1fr' },
        columnGap: 2,
        rowGap: 1,
        '& dt': { color: 'text.secondary', fontSize: 14 },
        '& dd': { m: 0, fontSize: 14, minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
