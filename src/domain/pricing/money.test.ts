import { describe, expect, it } from 'vitest';
import { addMonths, endOfPacificDay, pacificDate } from './calendar';
import { allocate, percentOf, roundCents, roundVolume } from './money';

describe('money', () => {
  it('rounds half up after snapping float noise', () => {
    expect(roundCents(0.1 * 3 * 100)).toBe(30);
    expect(roundCents(747.5)).toBe(748);
    expect(roundCents(747.4999999999)).toBe(748);
    expect(roundCents(747.49)).toBe(747);
  });

  it('takes a percent of a whole line once (3 × 1004 at 12.5% is 377, not 3 × 126)', () => {
    expect(percentOf(3 * 1004, 0.125)).toBe(377);
    expect(percentOf(1999, 0.15)).toBe(300);
  });

  it('allocates by largest remainder so parts add up and stay within their weights', () => {
    expect(allocate(6500, [6800, 5200, 4400])).toEqual([2695, 2061, 1744]);
    expect(allocate(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
  });

  it('gives the cents left to the largest remainders, the earlier weight first among equals', () => {
    // Reference: every index sorted by remainder, then position.
    const reference = (amount: number, weights: number[]) => {
      const sum = weights.reduce((a, w) => a + w, 0);
      if (sum <= 0 || amount <= 0) return weights.map(() => 0);
      const exact = weights.map((w) => (amount * w) / sum);
      const parts = exact.map((e) => Math.floor(e + 1e-9));
      let left = amount - parts.reduce((a, p) => a + p, 0);
      const order = weights.map((_, i) => i);
      order.sort(
        (a, b) =>
          (exact[b] as number) - (parts[b] as number) - ((exact[a] as number) - (parts[a] as number)) ||
          a - b,
      );
      for (const i of order) if (left-- > 0) parts[i] = (parts[i] as number) + 1;
      return parts;
    };
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const weights = Array.from({ length: 1 + next(40) }, () => (next(4) === 0 ? 1000 : next(5000)));
      const amount = next(3) === 0 ? next(weights.length + 3) : next(20000);
      expect(allocate(amount, weights)).toEqual(reference(amount, weights));
    }
    expect(allocate(5, [1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it('rounds volumes to two decimals', () => {
    expect(roundVolume(12.345)).toBe(12.35);
    expect(roundVolume(0.1 + 0.2)).toBe(0.3);
  });
});

describe('Pacific calendar', () => {
  it('reads the Pacific date of an instant', () => {
    expect(pacificDate(Date.UTC(2025, 0, 1, 7, 59) / 1000)).toEqual({ year: 2024, month: 12, day: 31 });
    expect(pacificDate(Date.UTC(2025, 6, 1, 7, 0) / 1000)).toEqual({ year: 2025, month: 7, day: 1 });
  });

  it('ends the day at 23:59:59 Pacific, in standard and in daylight time', () => {
    expect(endOfPacificDay({ year: 2025, month: 1, day: 15 })).toBe(Date.UTC(2025, 0, 16, 7, 59, 59) / 1000);
    expect(endOfPacificDay({ year: 2025, month: 7, day: 15 })).toBe(Date.UTC(2025, 6, 16, 6, 59, 59) / 1000);
  });

  it('adds calendar months, clamping the day', () => {
    expect(addMonths({ year: 2025, month: 8, day: 31 }, 6)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addMonths({ year: 2025, month: 3, day: 15 }, -6)).toEqual({ year: 2024, month: 9, day: 15 });
  });
});
