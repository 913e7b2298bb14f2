import { describe, expect, it } from 'vitest';
import { tierForWidth } from './use-layout-tier';

describe('layout tiers (spec 1 §9)', () => {
  it('splits at 667, 999 and 1170 px', () => {
    expect(tierForWidth(375)).toBe('phone');
    expect(tierForWidth(667)).toBe('phone');
    expect(tierForWidth(668)).toBe('tablet');
    expect(tierForWidth(999)).toBe('tablet');
    expect(tierForWidth(1000)).toBe('computer');
    expect(tierForWidth(1169)).toBe('computer');
    expect(tierForWidth(1170)).toBe('wide');
  });
});
