import { type Action, can, type Principal } from '@domain/auth/permissions';

// The side menu of spec 1 §2 Shell. Each entry is shown only when the role may use it
// (DESIGN §4, through `can()`); developer mode changes where Promo Tool and Incentives lead.

export type MenuIconName =
  | 'dashboard'
  | 'customers'
  | 'orders'
  | 'failedOrders'
  | 'carts'
  | 'batchOrders'
  | 'bulkLedgers'
  | 'returns'
  | 'administrators'
  | 'promoTool'
  | 'incentives'
  | 'reconciliation'
  | 'outbox';

export interface MenuItem {
  label: string;
  to: string;
  icon: MenuIconName;
  /** Paths whose screens belong to this entry, for highlighting (e.g. /promos/* under Promo Tool). */
  section: string;
}

interface MenuContext {
  principal: Principal | null;
  /** Developer mode as the session reports it; only developers can have it. */
  devMode: boolean;
  /** The `incentives` feature flag. */
  incentivesEnabled: boolean;
}

interface MenuEntry extends MenuItem {
  action: Action;
  visible?: (context: MenuContext) => boolean;
}

const ENTRIES: MenuEntry[] = [
  { label: 'Dashboard', to: '/', section: '/', icon: 'dashboard', action: 'session' },
  { label: 'Customers', to: '/customers', section: '/customers', icon: 'customers', action: 'records.read' },
  { label: 'Carts', to: '/carts', section: '/carts', icon: 'carts', action: 'records.read' },
  { label: 'Orders', to: '/orders', section: '/orders', icon: 'orders', action: 'records.read' },
  {
    label: 'Failed Orders',
    to: '/orders/failed',
    section: '/orders/failed',
    icon: 'failedOrders',
    action: 'records.read',
  },
  {
    label: 'Batch Orders',
    to: '/batchOrders',
    section: '/batchOrders',
    icon: 'batchOrders',
    action: 'batch.manage',
  },
  {
    label: 'Bulk Ledgers',
    to: '/bulkLedgers',
    section: '/bulkLedgers',
    icon: 'bulkLedgers',
    action: 'batch.manage',
  },
  { label: 'Returns', to: '/returns', section: '/returns', icon: 'returns', action: 'records.read' },
  {
    label: 'Reconciliation',
    to: '/reconciliation',
    section: '/reconciliation',
    icon: 'reconciliation',
    action: 'reconciliation.read',
  },
  {
    label: 'Administrators',
    to: '/administrators',
    section: '/administrators',
    icon: 'administrators',
    action: 'administrators.manage',
  },
  { label: 'Promo Tool', to: '/promos/tool', section: '/promos', icon: 'promoTool', action: 'records.read' },
  {
    label: 'Incentives',
    to: '/incentives',
    section: '/incentives',
    icon: 'incentives',
    action: 'incentives.manage',
    // spec 1 §2: only when the incentives flag is on, and only for developers and leaders.
    visible: (context) => context.incentivesEnabled,
  },
  { label: 'Outbox', to: '/outbox', section: '/outbox', icon: 'outbox', action: 'developer.tools' },
];

/** spec 1 §2 Shell: in developer mode Promo Tool goes to the promo list and Incentives to milestone 1. */
const DEV_MODE_TARGETS: Partial<Record<MenuIconName, string>> = {
  promoTool: '/promos/list',
  incentives: '/incentives/milestone1',
};

export function menuItems(context: MenuContext): MenuItem[] {
  const devMode = context.devMode && can(context.principal, 'developer.tools');
  return ENTRIES.filter(
    (entry) => can(context.principal, entry.action) && (entry.visible?.(context) ?? true),
  ).map(({ label, to, icon, section }) => ({
    label,
    icon,
    section,
    to: devMode ? (DEV_MODE_TARGETS[icon] ?? to) : to,
  }));
}

export function isInSection(pathname: string, section: string): boolean {
  if (section === '/') return pathname === '/';
  return pathname === section || pathname.startsWith(`${section}/`);
}

/** The one entry to highlight: the longest section the path is in (/orders/failed over /orders). */
export function currentSection(pathname: string, items: readonly MenuItem[]): string | null {
  let best: string | null = null;
  for (const item of items)
    if (isInSection(pathname, item.section) && (best === null || item.section.length > best.length))
      best = item.section;
  return best;
}
