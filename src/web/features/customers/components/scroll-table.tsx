import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      {children}
    </TableContainer>
  );
}
