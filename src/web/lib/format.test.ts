import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

describe('format', () => {
  it('shows a calendar day without shifting it across time zones', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4');
  });
});
