import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { customerPath } from './labels';

// The customer sub-routes of spec 1 §2, as links: each is its own URL, one Tab stop apiece, and the
// row scrolls sideways on phones instead of wrapping.

export const CUSTOMER_TABS = [
  ['dashboard', 'Dashboard'],
  ['detail', 'Detail'],
  ['address', 'Address'],
  ['credit', 'Credit'],
  ['orders', 'Orders'],
  ['audit', 'Audit'],
  ['popups', 'Popups'],
  ['carts', 'Carts'],
] as const;

export function CustomerTabs({ uid }: { uid: string }) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });
  return (
    <Box
      component="nav"
      ref={nav}
      aria-label="Customer sections"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, overflowX: 'auto', scrollbarWidth: 'thin' }}
    >
      <Box component="ul" sx={{ display: 'flex', m: 0, p: 0, listStyle: 'none', gap: 0.5 }}>
        {CUSTOMER_TABS.map(([path, label]) => (
          <li key={path}>
            <Box
              component={NavLink}
              to={customerPath(uid, path)}
              sx={{
                display: 'block',
                px: 2,
                py: 1.25,
                whiteSpace: 'nowrap',
                color: 'text.secondary',
                textDecoration: 'none',
                fontWeight: 500,
                fontSize: 14,
                borderBottom: '2px solid transparent',
                '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
                '&[aria-current="page"]': { color: 'primary.main', borderBottomColor: 'primary.main' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
