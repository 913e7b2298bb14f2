import type { Principal } from '@domain/auth/permissions';
import type { StaffRole } from '@domain/auth/roles';
import { describe, expect, it } from 'vitest';
import { currentSection, isInSection, menuItems } from './menu-items';

const as = (role: StaffRole, extra: Partial<Principal> = {}): Principal => ({
  role,
  promoAccess: false,
  junoAccess: false,
  ...extra,
});
const labels = (role: StaffRole, incentivesEnabled = true, devMode = false) =>
  menuItems({ principal: as(role), devMode, incentivesEnabled }).map((item) => item.label);

describe('side menu (spec 1 §2 Shell, DESIGN §4)', () => {
  it('shows agents the records screens only', () => {
    expect(labels('agent')).toEqual([
      'Dashboard',
      'Customers',
      'Carts',
      'Orders',
      'Failed Orders',
      'Returns',
      'Promo Tool',
    ]);
  });

  it('gives leaders batch work, reconciliation, administrators and incentives', () => {
    expect(labels('leader')).toEqual([
      'Dashboard',
      'Customers',
      'Carts',
      'Orders',
      'Failed Orders',
      'Batch Orders',
      'Bulk Ledgers',
      'Returns',
      'Reconciliation',
      'Administrators',
      'Promo Tool',
      'Incentives',
    ]);
  });

  it('gives sales operation managers batch work but not administrators', () => {
    expect(labels('salesOperatorManager')).toContain('Batch Orders');
    expect(labels('salesOperatorManager')).not.toContain('Administrators');
    expect(labels('fraudAgent')).not.toContain('Bulk Ledgers');
  });

  it('hides Incentives when the flag is off, even for developers', () => {
    expect(labels('developer', false)).not.toContain('Incentives');
    expect(labels('developer', true)).toContain('Incentives');
    expect(labels('agent', true)).not.toContain('Incentives');
  });

  it('shows Reconciliation to leaders and developers only (ADR 025)', () => {
    expect(labels('developer')).toContain('Reconciliation');
    for (const role of ['agent', 'fraudAgent', 'salesOperatorManager'] as const)
      expect(labels(role)).not.toContain('Reconciliation');
  });

  it('adds Outbox for developers only', () => {
    expect(labels('developer')).toContain('Outbox');
    expect(labels('leader')).not.toContain('Outbox');
  });

  it('sends developers in developer mode to the promo list and milestone 1', () => {
    const targets = (devMode: boolean) =>
      Object.fromEntries(
        menuItems({ principal: as('developer'), devMode, incentivesEnabled: true }).map((i) => [
          i.label,
          i.to,
        ]),
      );
    expect(targets(true)['Promo Tool']).toBe('/promos/list');
    expect(targets(true).Incentives).toBe('/incentives/milestone1');
    expect(targets(false)['Promo Tool']).toBe('/promos/tool');
    expect(targets(false).Incentives).toBe('/incentives');
  });

  it('ignores a stray devMode for roles that cannot have it', () => {
    const items = menuItems({ principal: as('leader'), devMode: true, incentivesEnabled: true });
    expect(items.find((i) => i.label === 'Promo Tool')?.to).toBe('/promos/tool');
  });

  it('shows nothing without a session', () => {
    expect(menuItems({ principal: null, devMode: false, incentivesEnabled: true })).toEqual([]);
  });

  it('highlights a section for its sub-routes only', () => {
    expect(isInSection('/orders/12/info', '/orders')).toBe(true);
    expect(isInSection('/ordersX', '/orders')).toBe(false);
    expect(isInSection('/customers', '/')).toBe(false);
  });

  it('highlights Failed Orders, not Orders, on the failed orders screen', () => {
    const items = menuItems({ principal: as('agent'), devMode: false, incentivesEnabled: true });
    expect(currentSection('/orders/failed', items)).toBe('/orders/failed');
    expect(currentSection('/orders/12/info', items)).toBe('/orders');
    expect(currentSection('/carts', items)).toBe('/carts');
    expect(currentSection('/nowhere', items)).toBeNull();
  });
});
