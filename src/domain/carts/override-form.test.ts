import { describe, expect, it } from 'vitest';
import { OverrideFields } from './override-form';
import { overrideRead } from './override-rules';

// The price-override form's fields (strings as typed) read as the override the server takes.

const typed = {
  id: 'line-1',
  sku: '1001',
  overridePrice: '12.5',
  overridePV: '10',
  overrideQV: '10',
  overrideCV: '0',
  quantity: '2',
};

describe('override form', () => {
  it('reads the typed fields as numbers, with the same result with or without its rules', () => {
    const read = {
      ...typed,
      overridePrice: 12.5,
      overridePV: 10,
      overrideQV: 10,
      overrideCV: 0,
      quantity: 2,
    };
    expect(OverrideFields.parse(typed)).toEqual(read);
    expect(overrideRead(typed)).toEqual(read);
  });

  it('calls an empty field "Required" and names what is not a number', () => {
    const issues = OverrideFields.safeParse({ ...typed, overridePrice: ' ', quantity: 'x' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['overridePrice', 'Required'],
      ['quantity', 'Quantity must be a number'],
    ]);
    // Without the rules the empty field is left out, which the server's rules call "Required".
    expect(JSON.parse(JSON.stringify(overrideRead({ ...typed, overridePrice: ' ' })))).not.toHaveProperty(
      'overridePrice',
    );
  });
});
