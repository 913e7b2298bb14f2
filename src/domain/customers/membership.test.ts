import { describe, expect, it } from 'vitest';
import { isActiveMember, manualMembershipChange, memberStatus } from './membership';
import { classifyCustomerQuery } from './search';

const now = new Date('2026-06-01T00:00:00Z');
const rec = (
  orderDate: string,
  o: Partial<{ signed: boolean; declined: boolean; orderExpiration: string }> = {},
) => ({
  orderDate,
  signed: false,
  declined: false,
  ...o,
});

describe('member status (spec 1 §4)', () => {
  it('pending terms when the latest record is unsigned, unexpired and not declined', () => {
    expect(memberStatus([rec('2026-05-01', { orderExpiration: '2026-07-01' })], null, now)).toBe(
      'Pending Terms',
    );
  });
  it('member when the latest record is signed, or an expiration date exists', () => {
    expect(memberStatus([rec('2026-05-01', { signed: true })], null, now)).toBe('Member');
    expect(memberStatus([], '2025-01-01', now)).toBe('Member');
  });
  it('the latest record decides, not an older one', () => {
    const records = [rec('2026-05-01', { declined: true }), rec('2025-05-01', { signed: true })];
    expect(memberStatus(records, null, now)).toBe('Declined');
  });
  it('expired when the terms window passed unsigned', () => {
    expect(memberStatus([rec('2026-01-01', { orderExpiration: '2026-02-01' })], null, now)).toBe('Expired');
  });
  it('N/A without records or dates', () => {
    expect(memberStatus([], null, now)).toBe('N/A');
  });
  it('an active member has a future expiration date', () => {
    const signed = [rec('2026-05-01', { signed: true })];
    expect(isActiveMember(signed, '2027-01-01', now)).toBe(true);
    expect(isActiveMember(signed, '2026-01-01', now)).toBe(false);
    expect(isActiveMember(signed, null, now)).toBe(false);
  });
});

describe('manual membership change table', () => {
  it('crosses member and non-member only', () => {
    expect(manualMembershipChange(1, 2)).toBe('manual upgrade');
    expect(manualMembershipChange(3, 2)).toBe('manual upgrade');
    expect(manualMembershipChange(2, 1)).toBe('manual downgrade');
    expect(manualMembershipChange(5, 2)).toBe('manual downgrade');
    expect(manualMembershipChange(2, 2)).toBeNull();
    expect(manualMembershipChange(1, 3)).toBeNull();
    expect(manualMembershipChange(2, 3)).toBeNull();
  });
});

describe('customer query', () => {
  it('digits or M + digits are an account number, anything else a name', () => {
    expect(classifyCustomerQuery(' 123 ')).toEqual({ kind: 'account', phoenixId: 123 });
    expect(classifyCustomerQuery('M123')).toEqual({ kind: 'account', phoenixId: 123 });
    expect(classifyCustomerQuery('m42')).toEqual({ kind: 'account', phoenixId: 42 });
    expect(classifyCustomerQuery('Mary  Smith')).toEqual({ kind: 'name', text: 'Mary Smith' });
    expect(classifyCustomerQuery('M12a')).toEqual({ kind: 'name', text: 'M12a' });
    expect(classifyCustomerQuery('   ')).toEqual({ kind: 'empty' });
  });
});
