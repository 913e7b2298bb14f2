import { describe, expect, it } from 'vitest';
import { loginUrl, safeNext } from './login-redirect';

describe('login redirect', () => {
  it('returns to same-origin paths only', () => {
    expect(safeNext('/orders/12/info?tab=2')).toBe('/orders/12/info?tab=2');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('/login?next=/x')).toBe('/');
  });

  it('remembers where the user was going', () => {
    expect(loginUrl('/administrators?role=leader')).toBe('/login?next=%2Fadministrators%3Frole%3Dleader');
    expect(loginUrl('/')).toBe('/login');
  });
});
