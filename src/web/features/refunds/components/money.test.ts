import { describe, expect, it } from 'vitest';
import { centsToInput, parseMoney } from './money';

describe('money typed by staff', () => {
  it('reads dollars to cents; empty counts as 0; anything else is an error', () => {
    expect(parseMoney('12.5')).toEqual({ cents: 1250, error: false });
    expect(parseMoney('$0.07')).toEqual({ cents: 7, error: false });
    expect(parseMoney(' 3 ')).toEqual({ cents: 300, error: false });
    expect(parseMoney('')).toEqual({ cents: 0, error: false });
    for (const bad of ['1.234', '-1', 'abc', '1,00']) expect(parseMoney(bad).error, bad).toBe(true);
    expect(centsToInput(2409)).toBe('24.09');
  });
});
