import type { RecentActivity } from '@domain/platform/dashboard';
import { describe, expect, it } from 'vitest';
import { actorOf, describeChange, humanizeAction } from './activity-wording';

const activity = (over: Partial<RecentActivity>): RecentActivity => ({
  id: 1,
  collection: 'staff-log',
  entityId: '8d3c',
  subjectName: 'Robin Lee',
  action: 'staff.deactivate',
  changedBy: 'sam.patel@example.com',
  changedByName: 'Sam Patel',
  dateChangedUtc: '2026-11-23T10:00:00.000Z',
  changes: 1,
  ...over,
});

describe('recent activity wording', () => {
  it('names the deactivated staff member first and the person who did it after "by"', () => {
    const a = activity({});
    expect(describeChange(a)).toBe('Robin Lee deactivated');
    expect(actorOf(a)).toBe('by Sam Patel');
  });

  it('says who a staff change was about even without a name, and falls back to the actor email', () => {
    const a = activity({ subjectName: null, changedByName: null, action: 'staff.create' });
    expect(describeChange(a)).toBe('A staff user created');
    expect(actorOf(a)).toBe('by sam.patel@example.com');
  });

  it('words customers, orders and other actions', () => {
    expect(
      describeChange(
        activity({ collection: 'account-log', subjectName: 'Ana Silva', action: 'account.update' }),
      ),
    ).toBe('Ana Silva updated');
    expect(describeChange(activity({ collection: 'account-log', subjectName: null, entityId: 'U1' }))).toBe(
      'Customer U1 deactivated',
    );
    expect(
      describeChange(
        activity({
          collection: 'orders-log',
          entityId: 'Xq81bT0aLm2Zr9Yc4DkE',
          subjectName: 'F1234567',
          action: 'order.comment',
        }),
      ),
    ).toBe('Order F1234567 · Order comment');
    expect(
      describeChange(
        activity({
          collection: 'orders-log',
          entityId: 'Xq81bT0aLm2Zr9Yc4DkE',
          subjectName: null,
          action: 'order.update',
        }),
      ),
    ).toBe('An order updated');
    expect(describeChange(activity({ action: 'staff.passwordLink' }))).toBe(
      'Password link sent to Robin Lee',
    );
  });

  it('turns action codes into words', () => {
    expect(humanizeAction('password.set')).toBe('Password set');
    expect(humanizeAction('roleChanged')).toBe('Role changed');
  });
});
