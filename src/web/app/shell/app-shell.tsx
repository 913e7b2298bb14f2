import { SIDE_MENU_WIDTH_PX } from '@domain/reference/constants';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { BrandLogo } from '@web/components/brand-logo';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { useFeatureFlag } from '@web/features/flags/api/feature-flags';
import { isDesktopTier, useLayoutTier } from '@web/lib/use-layout-tier';
import { type ReactNode, useState } from 'react';
import { Outlet } from 'react-router';
import { menuItems } from './menu-items';
import { RouteGuard } from './route-guard';
import { SideMenu } from './side-menu';
import { SignedInAs } from './signed-in-as';
import { MENU_ID, TopBar } from './top-bar';

const paperSx = {
  width: SIDE_MENU_WIDTH_PX,
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
};

function MenuBody({
  children,
  footer,
  header,
}: {
  children: ReactNode;
  footer: ReactNode;
  header?: ReactNode;
}) {
  return (
    <>
      {/* Docked, the menu sits under the top bar; as an overlay it carries the brand itself. */}
      <Toolbar sx={{ color: 'primary.main' }}>{header}</Toolbar>
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>{children}</Box>
      {footer}
    </>
  );
}

/** The chrome of every signed-in screen (spec 1 §2 Shell). */
export function AppShell() {
  const session = useSession();
  const principal = principalOf(session);
  const tier = useLayoutTier();
  const desktop = isDesktopTier(tier);
  const [dockedOpen, setDockedOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const incentivesEnabled = useFeatureFlag('incentives');
  const items = menuItems({ principal, devMode: session.devMode, incentivesEnabled });
  const menuOpen = desktop ? dockedOpen : drawerOpen;
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout-tier={tier}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': {
            left: 8,
            top: 8,
            zIndex: 'tooltip',
            bgcolor: 'background.paper',
            p: 1,
            borderRadius: 1,
          },
        }}
      >
        Skip to content
      </Box>
      <TopBar
        principal={principal}
        devMode={session.devMode}
        drafts={session.appEnv === 'drafts'}
        tier={tier}
        menuOpen={menuOpen}
        onToggleMenu={() => (desktop ? setDockedOpen((o) => !o) : setDrawerOpen((o) => !o))}
      />
      {desktop ? (
        // Docked on computers; the toggle folds it away to give tables the full width.
        <Drawer
          id={MENU_ID}
          variant="persistent"
          open={dockedOpen}
          sx={(theme) => ({
            width: dockedOpen ? SIDE_MENU_WIDTH_PX : 0,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': paperSx,
          })}
        >
          <MenuBody footer={<SignedInAs session={session} />}>
            <SideMenu items={items} />
          </MenuBody>
        </Drawer>
      ) : (
        <Drawer
          id={MENU_ID}
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          // As an overlay the menu is a dialog, and a dialog needs a name.
          slotProps={{ paper: { 'aria-label': 'Menu' } }}
          sx={{ '& .MuiDrawer-paper': paperSx }}
        >
          <MenuBody footer={<SignedInAs session={session} />} header={<BrandLogo />}>
            <SideMenu items={items} onNavigate={closeDrawer} />
          </MenuBody>
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, pb: 6, outline: 'none' }}
      >
        <Toolbar />
        <Box sx={{ maxWidth: 1440, mx: 'auto', pt: { xs: 2, sm: 3 } }}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </Box>
      </Box>
    </Box>
  );
}
