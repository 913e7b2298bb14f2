import { describe, expect, it } from 'vitest';
import { classifyJumpQuery } from './jump';

describe('jump box query', () => {
  it('reads M + digits as an account number and F/X + digits as an order number', () => {
    expect(classifyJumpQuery(' M123 ')).toEqual({ kind: 'account', phoenixId: 123 });
    expect(classifyJumpQuery('m7')).toEqual({ kind: 'account', phoenixId: 7 });
    expect(classifyJumpQuery('F1234567')).toEqual({ kind: 'order', orderNumber: 1234567 });
    expect(classifyJumpQuery('x42')).toEqual({ kind: 'order', orderNumber: 42 });
  });
  it('leaves plain digits open between account and order number', () => {
    expect(classifyJumpQuery('123')).toEqual({ kind: 'number', value: 123 });
  });
  it('reads an email, lower-cased', () => {
    expect(classifyJumpQuery('Jane.Doe@Example.com')).toEqual({
      kind: 'email',
      email: 'jane.doe@example.com',
    });
  });
  it('refuses anything else', () => {
    for (const bad of ['', '  ', 'jane', 'M', 'M12a', '0', 'M0', '1234567890123456', 'a@', '12 34', 'Q12'])
      expect(classifyJumpQuery(bad)).toEqual({ kind: 'invalid' });
  });
});
