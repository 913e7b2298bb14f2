import { can, type Principal } from '@domain/auth/permissions';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { BrandLogo } from '@web/components/brand-logo';
import { DevModeSwitch } from '@web/features/auth/components/dev-mode-switch';
import { LogoutButton } from '@web/features/auth/components/logout-button';
import { JumpBox } from '@web/features/customers/components/jump-box';
import { FlagsButton } from '@web/features/flags/components/flags-button';
import type { LayoutTier } from '@web/lib/use-layout-tier';
import { Link as RouterLink } from 'react-router';
import { DraftsMarker } from './drafts-marker';

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
        {/* The jump box fills the free space (issue 7): account number, order number or email. */}
        <JumpBox compact={phone} />
        {developer && <DevModeSwitch devMode={devMode} showLabel={!phone} />}
        {developer && <FlagsButton />}
        <LogoutButton compact={phone} />
      </Toolbar>
    </AppBar>
  );
}
