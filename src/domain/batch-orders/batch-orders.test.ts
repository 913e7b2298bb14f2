import { describe, expect, it } from 'vitest';
import { parseCsv } from '../uploads/upload';
import { type AccountFacts, parseBatchOrderRow, validateBatchOrderRow } from './batch-orders';

const account = (o: Partial<AccountFacts> = {}): AccountFacts => ({
  uid: 'UID0000001',
  phoenixId: 1001,
  userType: 3,
  accountStatus: 1,
  addresses: [
    { id: 7, countryId: 1, isDefault: true, region: 'UT', postalCode: '84601' },
    { id: 8, countryId: 2, isDefault: false, region: 'QC', postalCode: 'H2X 1Y4' },
  ],
  ...o,
});
const lookups = (a: AccountFacts | undefined = account()) => ({
  account: (k: { phoenixId: number } | { uid: string }) =>
    a && ('phoenixId' in k ? k.phoenixId === a.phoenixId : k.uid === a.uid) ? a : undefined,
  product: (sku: string) =>
    ({ A1: { sku: 'A1', countries: [1, 2] }, US1: { sku: 'US1', countries: [1] } })[sku],
  // A few places of the verification dataset, by ZIP code or forward sortation area.
  postalPlace: (code: string, countryId: number) => {
    const key = countryId === 2 ? code.replace(/\s/g, '').slice(0, 3) : code.slice(0, 5);
    const region = (
      { 1: { '84601': 'UT', '10001': 'NY' }, 2: { H2X: 'QC', M5V: 'ON' } } as Record<
        number,
        Record<string, string>
      >
    )[countryId]?.[key];
    return region ? { postalCode: key, region } : null;
  },
});
const row = (o: Record<string, string> = {}) => ({
  account: '1001',
  skus: 'A1:2;US1:1',
  shippingAddress: '',
  orderType: '10',
  reason: 'Damaged',
  ...o,
});
const errorsOf = (o: Record<string, string>, a?: AccountFacts) => {
  const r = validateBatchOrderRow(row(o), lookups(a));
  return r.ok ? [] : r.errors;
};

describe('batch order row', () => {
  it("refuses an address whose ZIP or postal code is not in its state or province, in the address form's words", () => {
    const elsewhere = account({
      addresses: [
        { id: 7, countryId: 1, isDefault: true, region: 'TX', postalCode: '10001' },
        { id: 8, countryId: 2, isDefault: false, region: 'QC', postalCode: 'M5V 2T6' },
        { id: 9, countryId: 1, isDefault: false, region: 'UT', postalCode: '00000' },
      ],
    });
    expect(errorsOf({}, elsewhere)).toEqual([
      "Shipping address 7 of account 1001: Zip Code 10001 is in New York, not Texas. Correct it on the customer's Address tab.",
    ]);
    expect(errorsOf({ skus: 'A1:1', shippingAddress: '8' }, elsewhere)).toEqual([
      "Shipping address 8 of account 1001: Postal Code M5V 2T6 is in Ontario, not Quebec. Correct it on the customer's Address tab.",
    ]);
    expect(errorsOf({ shippingAddress: '9' }, elsewhere)).toEqual([
      "Shipping address 9 of account 1001: Zip Code 00000 was not found. Correct it on the customer's Address tab.",
    ]);
    // The same rows with addresses that agree are taken.
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ skus: 'A1:1', shippingAddress: '8' })).toEqual([]);
  });

  it('parses SKUs and quantities, order type by number or name, default address', () => {
    const r = parseBatchOrderRow(row({ skus: 'A1:2 | US1', orderType: 'Employee' }));
    expect(r).toEqual({
      ok: true,
      row: {
        account: { phoenixId: 1001 },
        accountText: '1001',
        lines: [
          { sku: 'A1', quantity: 2 },
          { sku: 'US1', quantity: 1 },
        ],
        shippingAddressId: null,
        orderType: 12,
        reason: 'Damaged',
      },
    });
    expect(parseBatchOrderRow(row({ account: 'M1001' }))).toMatchObject({
      row: { account: { phoenixId: 1001 } },
    });
    expect(parseBatchOrderRow(row({ account: 'UID0000001' }))).toMatchObject({
      row: { account: { uid: 'UID0000001' } },
    });
  });

  it('states each problem in plain words', () => {
    expect(errorsOf({ account: '' })).toEqual(['Account is required.']);
    expect(errorsOf({ skus: 'A1:0' })[0]).toMatch(/Quantity of SKU A1 must be a whole number from 1/);
    expect(errorsOf({ skus: 'A1:1.5' })[0]).toMatch(/Quantity of SKU A1/);
    expect(errorsOf({ skus: 'A1:-1' })[0]).toMatch(/Quantity of SKU A1/);
    expect(errorsOf({ skus: 'A1:1;A1:2' })).toEqual([
      'SKU A1 is listed twice; give it once with the total quantity.',
    ]);
    expect(errorsOf({ skus: 'ZZ:1' })).toEqual(['SKU ZZ is not in the catalog.']);
    expect(errorsOf({ shippingAddress: '8' })).toEqual(['SKU US1 is not sold in Canada.']);
    expect(errorsOf({ shippingAddress: '9' })).toEqual([
      'Shipping address 9 does not belong to account 1001.',
    ]);
    expect(errorsOf({ shippingAddress: 'home' })[0]).toMatch(/must be an address id or "default"/);
    expect(
      errorsOf(
        {},
        account({
          addresses: [{ id: 8, countryId: 2, isDefault: false, region: 'QC', postalCode: 'H2X 1Y4' }],
        }),
      )[0],
    ).toMatch(/no default shipping address/);
    expect(errorsOf({ orderType: '2' })).toEqual([
      'Order type must be 10 (Replacement), 20 (Adjustment) or 12 (Employee).',
    ]);
    expect(errorsOf({ orderType: '12' })[0]).toMatch(/only for employee accounts/);
    expect(errorsOf({ orderType: '12' }, account({ userType: 4 }))).toEqual([]);
    expect(errorsOf({}, account({ accountStatus: 2 }))).toEqual(['Account 1001 is Terminated, not Active.']);
    expect(errorsOf({ account: '999' })).toEqual(['Account 999 was not found.']);
    expect(errorsOf({ reason: ' ' })).toEqual(['Reason is required.']);
  });
});

describe('CSV files', () => {
  it('matches headers loosely, skips blank and # lines, numbers rows from 1', () => {
    const file = parseCsv(
      'Account, SKUs ,Order Type,reason\n\n1,"A1:1",10,"Broken, badly"\n# note\n2,A1,20,x\n',
      ['account', 'skus', 'orderType', 'reason'],
      ['account'],
    );
    expect(file.columns).toEqual(['account', 'skus', 'orderType', 'reason']);
    expect(file.rows).toEqual([
      { rowNo: 1, values: { account: '1', skus: 'A1:1', orderType: '10', reason: 'Broken, badly' } },
      { rowNo: 2, values: { account: '2', skus: 'A1', orderType: '20', reason: 'x' } },
    ]);
    expect(() => parseCsv('a,b\n1,2\n', ['account'], ['account'])).toThrow(
      'The header line lacks the column account.',
    );
  });
});
