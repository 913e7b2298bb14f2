import { describe, expect, it } from 'vitest';
import { literal } from './sql-literals';

describe('SQL literals', () => {
  const scalar = { kind: 'scalar' as const, hasDefault: false };
  it('quotes text, dates, numbers and booleans', () => {
    expect(literal(scalar, "O'Brien")).toBe("'O''Brien'");
    expect(literal(scalar, new Date('2025-01-02T03:04:05Z'))).toBe("'2025-01-02T03:04:05.000Z'");
    expect(literal(scalar, 12.5)).toBe('12.5');
    expect(literal(scalar, true)).toBe('TRUE');
    expect(literal(scalar, null)).toBe('NULL');
  });
  it('uses the column default for missing values', () => {
    expect(literal({ kind: 'scalar', hasDefault: true }, undefined)).toBe('DEFAULT');
    expect(literal(scalar, undefined)).toBe('NULL');
  });
  it('writes JSON and arrays', () => {
    expect(literal({ kind: 'json', hasDefault: false }, { a: "it's" })).toBe(`'{"a":"it''s"}'`);
    expect(literal({ kind: 'array', hasDefault: false }, ['web', 'a"b'])).toBe(`'{"web","a\\"b"}'`);
    expect(literal({ kind: 'array', hasDefault: false }, [1, 2])).toBe(`'{1,2}'`);
  });
  it('refuses numbers the database cannot hold', () => {
    expect(() => literal(scalar, Number.NaN)).toThrow();
  });
});
