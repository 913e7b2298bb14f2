import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DynamicFeedOutlined from '@mui/icons-material/DynamicFeedOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { currentSection, type MenuIconName, type MenuItem } from './menu-items';

const ICONS: Record<MenuIconName, ReactElement> = {
  dashboard: <DashboardOutlined />,
  customers: <PeopleOutlined />,
  orders: <ReceiptLongOutlined />,
  failedOrders: <ErrorOutlineOutlined />,
  carts: <ShoppingCartOutlined />,
  batchOrders: <DynamicFeedOutlined />,
  bulkLedgers: <AccountBalanceWalletOutlined />,
  returns: <AssignmentReturnOutlined />,
  administrators: <AdminPanelSettingsOutlined />,
  promoTool: <LocalOfferOutlined />,
  incentives: <EmojiEventsOutlined />,
  reconciliation: <RuleOutlined />,
  outbox: <OutboxOutlined />,
};

interface SideMenuProps {
  items: MenuItem[];
  /** Closes the temporary drawer on phones and tablets after a choice. */
  onNavigate?: () => void;
}

export function SideMenu({ items, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const current = currentSection(pathname, items);
  return (
    <nav aria-label="Main menu">
      <List sx={{ px: 1, py: 1.5 }}>
        {items.map((item) => {
          const selected = item.section === current;
          return (
            <ListItem key={item.label} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                sx={{
                  borderRadius: 2,
                  mb: 0.25,
                  '&.Mui-selected': {
                    color: 'primary.main',
                    '& .MuiListItemIcon-root': { color: 'primary.main' },
                  },
                  '&.Mui-selected .MuiListItemText-primary': { fontWeight: 600 },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.icon]}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
