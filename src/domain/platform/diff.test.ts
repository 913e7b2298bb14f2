import { describe, expect, it } from 'vitest';
import { diff } from './diff';

describe('diff', () => {
  it('reports edited, new and deleted fields with their paths', () => {
    const before = { firstName: 'Ana', email: 'ana@example.com', phone: '5551234567' };
    const after = { firstName: 'Anna', email: 'ana@example.com', gender: 1 };
    expect(diff(before, after)).toEqual([
      { kind: 'E', path: ['firstName'], lhs: 'Ana', rhs: 'Anna' },
      { kind: 'N', path: ['gender'], rhs: 1 },
      { kind: 'D', path: ['phone'], lhs: '5551234567' },
    ]);
  });

  it('treats null as absent and compares dates as ISO strings', () => {
    const d = new Date('2026-01-02T03:04:05Z');
    expect(diff({ a: null, at: d }, { a: 'x', at: new Date(d) })).toEqual([
      { kind: 'N', path: ['a'], rhs: 'x' },
    ]);
  });

  it('reports array changes element by element', () => {
    expect(diff({ tags: ['a', 'b'] }, { tags: ['a', 'c', 'd'] })).toEqual([
      { kind: 'A', path: ['tags', 1], lhs: 'b', rhs: 'c' },
      { kind: 'A', path: ['tags', 2], rhs: 'd' },
    ]);
  });

  it('finds nothing between equal records', () => {
    expect(diff({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 2 }] } })).toEqual([]);
  });
});
