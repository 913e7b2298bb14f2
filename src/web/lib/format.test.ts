import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './format';

describe('format', () => {
  it('formats cents per currency, Canadian dollars always marked, in the back office locale by default', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(4599, 'CAD')).toBe('CA$45.99');
    expect(formatMoney(4599, 'CAD', 'en-CA')).toBe('CA$45.99');
  });

  it('shows a calendar day without shifting it across time zones', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4');
  });
});
