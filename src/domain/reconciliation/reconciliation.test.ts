import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { can } from '../auth/permissions';
import { STAFF_ROLES } from '../auth/roles';
import { nightlySlot, runTotals } from './reconciliation';

describe('nightly slot (ADR 025)', () => {
  it('is the Pacific day during the nightly hour, standard and daylight time', () => {
    expect(nightlySlot(Date.parse('2030-01-15T10:10:00Z'), 2)).toBe('2030-01-15'); // 02:10 PST
    expect(nightlySlot(Date.parse('2030-01-15T09:59:59Z'), 2)).toBeNull(); // 01:59 PST
    expect(nightlySlot(Date.parse('2030-01-15T11:00:00Z'), 2)).toBeNull(); // 03:00 PST
    expect(nightlySlot(Date.parse('2030-07-15T09:30:00Z'), 2)).toBe('2030-07-15'); // 02:30 PDT
    expect(nightlySlot(Date.parse('2030-07-16T06:30:00Z'), 23)).toBe('2030-07-15'); // 23:30 PDT the day before
  });

  it('holds for any instant: due exactly in the Pacific nightly hour, for that Pacific day', () => {
    // The oracle: the platform's own time zone data.
    const pacific = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2008-01-01T00:00:00Z'), max: Date.parse('2099-12-31T00:00:00Z') }),
        fc.integer({ min: 0, max: 23 }),
        (ms, hour) => {
          const parts = Object.fromEntries(pacific.formatToParts(ms).map((p) => [p.type, p.value]));
          const due = Number(parts.hour) === hour;
          const slot = nightlySlot(ms, hour);
          return due ? slot === `${parts.year}-${parts.month}-${parts.day}` : slot === null;
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('run totals', () => {
  it('adds found, new, resolved and time over the kinds', () => {
    expect(
      runTotals({
        capturedTotal: { found: 2, new: 1, resolved: 0, ms: 10 },
        staleRefund: { found: 0, new: 0, resolved: 3, ms: 5 },
      }),
    ).toEqual({ found: 2, new: 1, resolved: 3, ms: 15 });
    expect(runTotals({})).toEqual({ found: 0, new: 0, resolved: 0, ms: 0 });
  });
});

describe('reconciliation permissions (DESIGN §4, ADR 025)', () => {
  it('are leaders’ and developers’ only, whatever the flags', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STAFF_ROLES),
        fc.boolean(),
        fc.boolean(),
        (role, promoAccess, junoAccess) => {
          const principal = { role, promoAccess, junoAccess };
          const allowed = role === 'leader' || role === 'developer';
          return (
            can(principal, 'reconciliation.read') === allowed &&
            can(principal, 'reconciliation.run') === allowed
          );
        },
      ),
    );
  });
});
