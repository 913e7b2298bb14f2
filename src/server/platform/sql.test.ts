import { describe, expect, it } from 'vitest';
import { containsPattern } from './sql';

describe('containsPattern', () => {
  it('lower-cases and escapes like wildcards', () => {
    expect(containsPattern('Ana_50%')).toBe('%ana\\_50\\%%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
