import { SectionTabs } from '@web/components/section-tabs';
import { customerPath } from './labels';

// The customer sub-routes of spec 1 §2.

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
  return (
    <SectionTabs
      label="Customer sections"
      tabs={CUSTOMER_TABS.map(([path, label]) => ({ to: customerPath(uid, path), label }))}
    />
  );
}
