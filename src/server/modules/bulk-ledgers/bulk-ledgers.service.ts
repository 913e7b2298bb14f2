import {
  BULK_LEDGER_COLUMNS,
  BULK_LEDGER_MESSAGES,
  BULK_LEDGER_REQUIRED,
  type BulkLedgerRow,
  type ParsedBulkLedgerRow,
  parseBulkLedgerRow,
  validateBulkLedgerRow,
} from '@domain/bulk-ledgers/bulk-ledgers';
import { csvHeader, csvLine } from '@domain/platform/csv';
import { columnLabel } from '@domain/uploads/upload';
import { dollarsToCents, todayIso } from '@domain/validation';
import { inArray, sql } from 'drizzle-orm';
import { productCredit } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import {
  getUpload,
  listRows,
  type RowRecord,
  toRow,
  toSummary,
  type UploadKind,
} from '../../platform/uploads/upload-engine';
import { accountsByKeys } from '../accounts/accounts.service';
import { applyAdjustment } from '../product-credit/product-credit.service';

// Bulk ledgers (DESIGN §5): every row is one product-credit adjustment, validated and applied by
// the same code as the credit tab's (applyAdjustment), each in its own transaction with its
// account-log event.

export const BULK_LEDGERS_JOB = 'bulkLedgers.process';

type Key = ParsedBulkLedgerRow['account'];

export const bulkLedgersKind: UploadKind = {
  noun: 'bulk ledger',
  uploadTable: 'bulk_ledgers',
  rowTable: 'bulk_ledger_rows',
  fk: 'bulk_ledger_id',
  jobType: BULK_LEDGERS_JOB,
  auditCollection: 'bulk-ledgers-log',
  columns: BULK_LEDGER_COLUMNS,
  required: BULK_LEDGER_REQUIRED,
  async validate(db, fileRows) {
    const phoenixIds: number[] = [];
    const uids: string[] = [];
    for (const r of fileRows) {
      const parsed = parseBulkLedgerRow(r.values);
      if (!parsed.ok) continue;
      const k = parsed.row.account;
      if ('phoenixId' in k) phoenixIds.push(k.phoenixId);
      else uids.push(k.uid);
    }
    const found = await accountsByKeys(db, phoenixIds, uids);
    const account = (k: Key) =>
      'phoenixId' in k ? found.byPhoenixId.get(k.phoenixId) : found.byUid.get(k.uid);
    const balances = new Map<string, number>();
    const known = [...found.byUid.keys()];
    for (let i = 0; i < known.length; i += 1000) {
      const part = known.slice(i, i + 1000);
      for (const b of await db.select().from(productCredit).where(inArray(productCredit.accountUid, part)))
        balances.set(`${b.accountUid}:${b.country}`, b.balanceCents);
    }
    // Rows of one file apply in order: each starts from the balance the rows above it leave.
    const balanceOf = (k: Key, country: string) => {
      const a = account(k);
      return a ? (balances.get(`${a.uid}:${country}`) ?? 0) : 0;
    };
    const today = todayIso();
    return fileRows.map((r) => {
      const result = validateBulkLedgerRow(r.values, account, balanceOf, today);
      if (!result.ok) return result.errors.join(' ');
      const a = account(result.row.account)!;
      const slot = `${a.uid}:${result.row.adjustment.country}`;
      balances.set(slot, (balances.get(slot) ?? 0) + dollarsToCents(result.row.adjustment.amount));
      return null;
    });
  },
  async applyRow(tx, row, run) {
    const parsed = parseBulkLedgerRow(row.input);
    if (!parsed.ok) throw badRequest(parsed.errors.join(' '));
    const found = await accountsByKeys(
      tx,
      'phoenixId' in parsed.row.account ? [parsed.row.account.phoenixId] : [],
      'uid' in parsed.row.account ? [parsed.row.account.uid] : [],
    );
    const account = [...found.byUid.values()][0];
    if (!account) throw notFound(BULK_LEDGER_MESSAGES.accountMissing(parsed.row.accountText));
    const { entry } = await applyAdjustment(
      tx,
      run.actor,
      account.uid,
      parsed.row.adjustment,
      parsed.row.neverExpire,
    );
    return { columns: { ledger_entry_id: entry.id } };
  },
};

export const toLedgerSummary = (r: Awaited<ReturnType<typeof getUpload>>) => toSummary(r);

const ledgerColumns = {
  select: sql`, l.account_uid as l_uid`,
  join: sql`left join product_credit_ledger l on l.id = r.ledger_entry_id`,
};

export function toLedgerRow(r: RowRecord): BulkLedgerRow {
  return {
    ...toRow(r),
    ledgerEntryId: r.ledger_entry_id == null ? null : Number(r.ledger_entry_id),
    customerUid: r.l_uid == null ? null : String(r.l_uid),
  };
}

export async function ledgerRows(
  db: DbOrTx,
  id: number,
  q: { status?: 'pending' | 'succeeded' | 'failed'; after: number; limit: number },
) {
  await getUpload(db, bulkLedgersKind, id);
  return (await listRows(db, bulkLedgersKind, id, q, ledgerColumns)).map(toLedgerRow);
}

export async function* ledgerResultCsv(db: DbOrTx, id: number): AsyncGenerator<string> {
  await getUpload(db, bulkLedgersKind, id);
  // Headers in words; the upload reads them back as its columns (headerKey), as for batch orders.
  yield csvHeader([
    'Row',
    ...BULK_LEDGER_COLUMNS.map(columnLabel),
    'Status',
    'Ledger entry',
    'Customer UID',
    'Error',
  ]);
  let after = 0;
  for (;;) {
    const page = await listRows(db, bulkLedgersKind, id, { after, limit: 1000 }, ledgerColumns);
    if (page.length === 0) return;
    let text = '';
    for (const r of page.map(toLedgerRow)) {
      text += csvLine([
        r.rowNo,
        ...BULK_LEDGER_COLUMNS.map((c) => r.input[c] ?? ''),
        r.status,
        r.ledgerEntryId,
        r.customerUid,
        r.error ?? '',
      ]);
      after = r.rowNo;
    }
    yield text;
  }
}
