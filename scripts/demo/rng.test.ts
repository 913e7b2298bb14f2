import { describe, expect, it } from 'vitest';
import { orderNumber, permute, phoenixOrderNumber } from './ids';
import { Rng } from './rng';
import { pacificDayStart } from './time';

describe('seeded streams', () => {
  it('repeat for the same seed, stream and index', () => {
    const draw = (seed: number, stream: number, index: number) => {
      const rng = new Rng(seed, stream, index);
      return [rng.alphanumeric(28), rng.int(1, 1000), rng.faker.person.fullName(), rng.uuid()];
    };
    expect(draw(42, 3, 10)).toEqual(draw(42, 3, 10));
    expect(draw(42, 3, 10)).not.toEqual(draw(42, 3, 11));
    expect(draw(42, 3, 10)).not.toEqual(draw(43, 3, 10));
  });

  it('do not depend on what was drawn before a reseed', () => {
    const a = new Rng(42, 1);
    a.alphanumeric(500);
    a.reseed(3, 7);
    expect(a.alphanumeric(20)).toBe(new Rng(42, 3, 7).alphanumeric(20));
  });
});

describe('unique numbers', () => {
  it('permute is a bijection', () => {
    const size = 10_007;
    const seen = new Set<number>();
    for (let i = 0; i < size; i++) seen.add(permute(i, size, 42));
    expect(seen.size).toBe(size);
    expect(Math.max(...seen)).toBe(size - 1);
  });

  it('order numbers have 7 digits and downstream numbers 9, without repeats', () => {
    const orders = new Set<number>();
    const phoenix = new Set<number>();
    for (let n = 0; n < 100_000; n++) {
      orders.add(orderNumber(n, 42));
      phoenix.add(phoenixOrderNumber(n, 42));
    }
    expect(orders.size).toBe(100_000);
    expect(phoenix.size).toBe(100_000);
    expect([...orders].filter((id) => !/^\d{7}$/.test(String(id)))).toEqual([]);
    expect([...phoenix].filter((id) => !/^\d{9}$/.test(String(id)))).toEqual([]);
  });
});

describe('Pacific business day', () => {
  it('starts at local midnight in summer and winter time', () => {
    expect(pacificDayStart(new Date('2025-06-15T19:30:00Z')).toISOString()).toBe('2025-06-15T07:00:00.000Z');
    expect(pacificDayStart(new Date('2025-01-15T05:00:00Z')).toISOString()).toBe('2025-01-14T08:00:00.000Z');
    expect(pacificDayStart(new Date('2025-03-09T20:00:00Z')).toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(pacificDayStart(new Date('2025-11-02T20:00:00Z')).toISOString()).toBe('2025-11-02T07:00:00.000Z');
  });
});
