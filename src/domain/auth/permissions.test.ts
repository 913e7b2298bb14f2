import { describe, expect, it } from 'vitest';
import { can, type Principal } from './permissions';
import { normalizeRole, type StaffRole } from './roles';

const as = (role: StaffRole, flags: Partial<Principal> = {}): Principal => ({
  role,
  promoAccess: false,
  junoAccess: false,
  ...flags,
});

// DESIGN §4, row by row.
describe('permission table', () => {
  it('lets every role read and edit records, adjust credit and refund', () => {
    for (const role of ['agent', 'leader', 'developer', 'fraudAgent', 'salesOperatorManager'] as const) {
      for (const action of ['records.read', 'records.edit', 'credit.adjust', 'refunds.manage'] as const) {
        expect(can(as(role), action), `${role} ${action}`).toBe(true);
      }
    }
  });

  it.each([
    ['customers.signInAs', ['leader', 'fraudAgent', 'developer']],
    ['membership.manage', ['leader', 'developer']],
    ['orders.cancel', ['leader', 'fraudAgent', 'developer']],
    ['orders.fraud', ['fraudAgent', 'developer']],
    ['employees.offboard', ['leader', 'developer']],
    ['commissions.manage', ['salesOperatorManager', 'developer']],
    ['batch.manage', ['leader', 'salesOperatorManager', 'developer']],
    ['incentives.manage', ['leader', 'developer']],
    ['administrators.manage', ['leader', 'developer']],
    ['developer.tools', ['developer']],
  ] as const)('%s is for %j only', (action, allowed) => {
    for (const role of ['agent', 'leader', 'developer', 'fraudAgent', 'salesOperatorManager'] as const) {
      expect(can(as(role), action), role).toBe((allowed as readonly string[]).includes(role));
    }
  });

  it('gives the promo tool to developers, and to others with promoAccess', () => {
    expect(can(as('developer'), 'promos.edit')).toBe(true);
    expect(can(as('agent'), 'promos.edit')).toBe(false);
    expect(can(as('agent', { promoAccess: true }), 'promos.edit')).toBe(true);
  });

  it('needs promoAccess to publish and junoAccess to deploy, whatever the role', () => {
    expect(can(as('developer'), 'promos.publish')).toBe(false);
    expect(can(as('developer', { promoAccess: true }), 'promos.publish')).toBe(true);
    expect(can(as('developer', { promoAccess: true }), 'promos.deploy')).toBe(false);
    expect(can(as('agent', { junoAccess: true }), 'promos.deploy')).toBe(true);
  });

  it('refuses everything without a principal', () => {
    expect(can(null, 'records.read')).toBe(false);
  });
});

describe('roles', () => {
  it('accepts csLeader as the second leader value and nothing unknown', () => {
    expect(normalizeRole('csLeader')).toBe('leader');
    expect(normalizeRole('leader')).toBe('leader');
    expect(normalizeRole('admin')).toBeNull();
    expect(normalizeRole(undefined)).toBeNull();
  });
});
