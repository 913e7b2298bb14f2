import { can, type Principal } from '@domain/auth/permissions';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { BrandLogo } from '@web/components/brand-logo';
import { LogoutButton } from '@web/features/auth/components/logout-button';
import { JumpBox } from '@web/features/customers/components/jump-box';
import { lazyOr } from '@web/lib/chunk-load';
import type { LayoutTier } from '@web/lib/use-layout-tier';
import { type ComponentType, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { DraftsMarker } from './drafts-marker';

/** Developers' tools, a chunk of their own: no other role downloads them (ADR 034). */
function developerTool<P extends object>(load: () => Promise<ComponentType<P>>) {
  // A chunk that cannot be loaded leaves the tool out rather than failing the whole shell.
  const Nothing: ComponentType<P> = () => null;
  return lazyOr(load, Nothing);
}
const DevModeSwitch = developerTool(() =>
  import('@web/features/auth/components/dev-mode-switch').then((m) => m.DevModeSwitch),
);
const FlagsButton = developerTool(() =>
  import('@web/features/flags/components/flags-button').then((m) => m.FlagsButton),
);

interface TopBarProps {
  principal: Principal | null;
  devMode: boolean;
  drafts: boolean;
  tier: LayoutTier;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export const MENU_ID = 'side-menu';

/** spec 1 §2 Shell: menu toggle, logo to the dashboard, jump box, developer-mode switch, flags, Logout. */
export function TopBar({ principal, devMode, drafts, tier, menuOpen, onToggleMenu }: TopBarProps) {
  const phone = tier === 'phone';
  const developer = can(principal, 'developer.tools');
  return (
    <AppBar position="fixed" color="primary" sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1 })}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-controls={MENU_ID}
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          aria-label="Dashboard"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            display: 'inline-flex',
            borderRadius: 1,
            px: 0.5,
            '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
          }}
        >
          <BrandLogo compact={phone} />
        </Box>
        {drafts && <DraftsMarker />}
        {/* The jump box fills the free space (spec 1 §2 Customer screens): account number, order number or email. */}
        <JumpBox compact={phone} />
        {/* The controls keep their size; room for more (e.g. a search box) comes from the spacer. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 1 }, flexShrink: 0 }}>
          {developer && (
            <Suspense fallback={null}>
              <DevModeSwitch devMode={devMode} compact={phone} />
              <FlagsButton compact={phone} />
            </Suspense>
          )}
          <LogoutButton compact={phone} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
