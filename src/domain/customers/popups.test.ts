import { describe, expect, it } from 'vitest';
import { orderPopups, popupGroup } from './popups';

const now = new Date('2026-06-01T12:00:00Z');
const p = (id: number, status: string, openingDate: string | null) => ({ id, status, openingDate });

describe('popups order (spec 1 §4)', () => {
  it('puts open popups already opened first, then open ones not yet opened, then the rest', () => {
    const popups = [
      p(1, 'closed', '2026-05-01T00:00:00Z'),
      p(2, 'open', '2026-06-10T00:00:00Z'),
      p(3, 'open', '2026-05-30T00:00:00Z'),
      p(4, 'cancelled', '2026-04-01T00:00:00Z'),
      p(5, 'open', '2026-06-03T00:00:00Z'),
    ];
    expect(orderPopups(popups, now).map((x) => x.id)).toEqual([3, 5, 2, 1, 4]);
  });

  it('orders the not-yet-opened popups by opening date; one without a date comes last of them', () => {
    const popups = [
      p(1, 'open', null),
      p(2, 'open', '2026-07-01T00:00:00Z'),
      p(3, 'open', '2026-06-02T00:00:00Z'),
    ];
    expect(orderPopups(popups, now).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('lists other statuses newest first, and opened popups oldest opening first', () => {
    const popups = [
      p(1, 'closed', '2025-01-01T00:00:00Z'),
      p(2, 'closed', '2026-01-01T00:00:00Z'),
      p(3, 'open', '2026-05-31T00:00:00Z'),
      p(4, 'open', '2026-05-01T00:00:00Z'),
    ];
    expect(orderPopups(popups, now).map((x) => x.id)).toEqual([4, 3, 2, 1]);
  });

  it('counts a popup opening exactly now as opened, and does not change its input', () => {
    expect(popupGroup(p(1, 'open', now.toISOString()), now)).toBe(0);
    expect(popupGroup(p(1, 'closed', now.toISOString()), now)).toBe(2);
    const input = [p(2, 'closed', null), p(1, 'open', null)];
    orderPopups(input, now);
    expect(input.map((x) => x.id)).toEqual([2, 1]);
  });

  it('breaks ties by id', () => {
    const same = '2026-05-01T00:00:00Z';
    expect(orderPopups([p(9, 'open', same), p(3, 'open', same)], now).map((x) => x.id)).toEqual([3, 9]);
  });
});
