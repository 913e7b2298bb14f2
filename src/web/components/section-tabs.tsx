import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

// A record's sub-routes as links (customer and order screens): each is its own URL, one Tab stop
// apiece, and the row scrolls sideways on phones instead of wrapping, keeping the current one in view.

export function SectionTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { to: string; label: string }[];
}) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The current tab is scrolled into view when it changes, and only when the row hides part of
  // it (a phone's). The row is not measured: reading its widths in an effect laid the page out
  // at once, 40–77 ms of a phone's main thread on each screen's first render (ADR 039, 042); an
  // IntersectionObserver says whether the tab shows, after the browser's own layout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab follows the path.
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      ([entry]) => {
        seen.disconnect();
        if (entry && entry.intersectionRatio < 1)
          current.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      },
      { root: row, threshold: 1 },
    );
    seen.observe(current);
    return () => seen.disconnect();
  }, [pathname]);
  return (
    <Box
      component="nav"
      ref={nav}
      aria-label={label}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, overflowX: 'auto', scrollbarWidth: 'thin' }}
    >
      <Box component="ul" sx={{ display: 'flex', m: 0, p: 0, listStyle: 'none', gap: 0.5 }}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Box
              component={NavLink}
              to={tab.to}
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
              {tab.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
