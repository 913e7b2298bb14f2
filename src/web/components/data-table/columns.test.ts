import { describe, expect, it } from 'vitest';
import { sortRows } from './columns';

describe('sortRows', () => {
  const rows = [
    { name: 'b10', n: 3 },
    { name: 'B2', n: null },
    { name: 'a', n: 1 },
    { name: '', n: 2 },
  ];

  it('sorts text naturally and without case, empty values last', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual(['a', 'B2', 'b10', '']);
    expect(sortRows(rows, (r) => r.name, 'desc').map((r) => r.name)).toEqual(['b10', 'B2', 'a', '']);
  });

  it('sorts numbers as numbers and keeps the order of equal rows', () => {
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual([3, 2, 1, null]);
    const same = [{ k: 1 }, { k: 1 }, { k: 0 }];
    expect(sortRows(same, (r) => r.k, 'asc')).toEqual([same[2], same[0], same[1]]);
  });

  it('leaves the given array as it was', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.n, 'asc');
    expect(rows).toEqual(copy);
  });
});
