import { describe, expect, it } from 'vitest';
import { BATCH_ORDER_COLUMNS } from '../batch-orders/batch-orders';
import { BULK_LEDGER_COLUMNS } from '../bulk-ledgers/bulk-ledgers';
import { columnLabel, headerKey, parseCsv } from './upload';

describe('upload column headers in words', () => {
  it('writes each column of both uploads in words, with no camelCase', () => {
    expect([...BATCH_ORDER_COLUMNS].map(columnLabel)).toEqual([
      'Account',
      'SKUs',
      'Shipping address',
      'Order type',
      'Reason',
    ]);
    expect([...BULK_LEDGER_COLUMNS].map(columnLabel)).toEqual([
      'Account',
      'Country',
      'Amount',
      'Reason ID',
      'Reason',
      'Never expire',
      'Expiration date',
    ]);
  });

  it('reads a header written in words back as its column, so a result file can be uploaded again', () => {
    for (const c of [...BATCH_ORDER_COLUMNS, ...BULK_LEDGER_COLUMNS])
      expect(headerKey(columnLabel(c))).toBe(headerKey(c));
    const csv = `${BULK_LEDGER_COLUMNS.map(columnLabel).join(',')}\n100001,us,5,4,,1,\n`;
    expect(parseCsv(csv, BULK_LEDGER_COLUMNS, ['account']).rows[0]!.values).toMatchObject({
      account: '100001',
      reasonId: '4',
      neverExpire: '1',
    });
  });
});
