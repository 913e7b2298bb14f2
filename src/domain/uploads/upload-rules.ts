import { formatWholeNumber } from '../reference/plain-formats';

// The uploads' constants, words and pure helpers (DESIGN §5). No schemas: the upload screens load
// this without zod; upload.ts, which re-exports it, has the contracts and the CSV reader.

/** The most rows one file may hold. */
export const MAX_UPLOAD_ROWS = 20_000;
/** The largest file accepted, in characters (about 100 bytes a row). */
export const MAX_UPLOAD_CHARS = 4_000_000;

export const UPLOAD_STATUSES = [
  'queued',
  'processing',
  'completed',
  'completedWithErrors',
  'failed',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  completedWithErrors: 'Completed with errors',
  failed: 'Failed',
};

export const ROW_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const UPLOAD_MESSAGES = {
  empty: 'The file holds no rows under its header line.',
  // Written when read: no Intl formatter at load time (ADR 039).
  get tooMany() {
    return `A file may hold at most ${formatWholeNumber(MAX_UPLOAD_ROWS)} rows.`;
  },
  tooLarge: 'The file is too large.',
  missingColumns: (names: string[]) =>
    `The header line lacks the column${names.length > 1 ? 's' : ''} ${names.join(', ')}.`,
  nothingValid: 'Every row has an error; correct the file and upload it again.',
  duplicate: (id: number, fileName: string, when: string) =>
    `This file was already uploaded as batch ${id} (${fileName}, ${when}); a batch is never applied twice.`,
  confirmed: 'Batch created; its rows are being processed.',
  retried: 'The rows are queued again.',
  rowSaved: 'Row corrected and queued again.',
  notFailed: 'Only a failed row can be corrected and retried.',
  started: 'The batch is handed to a worker again; its rows are being processed.',
  alreadyWaiting: 'The batch is already with a worker; it goes on by itself.',
  notWaiting: 'Only a queued or processing batch can be started again.',
} as const;

export const progressOf = (s: { totalRows: number; succeededRows: number; failedRows: number }) =>
  s.totalRows === 0 ? 100 : Math.floor(((s.succeededRows + s.failedRows) * 100) / s.totalRows);

/** Header names compared without case, spaces, dashes or underscores ("Order Type" = orderType). */
export const headerKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The upload columns in words, for table and CSV headers; headerKey reads each back as its column. */
const COLUMN_LABELS: Record<string, string> = {
  skus: 'SKUs',
  reasonId: 'Reason ID',
  neverExpire: 'Never expire',
};

/** `shippingAddress` → "Shipping address", `skus` → "SKUs": an upload column as a header in words. */
export function columnLabel(column: string): string {
  const known = COLUMN_LABELS[column];
  if (known) return known;
  const words = column.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Account column: digits are the account number, anything else the account uid. */
export function accountKey(value: string): { phoenixId: number } | { uid: string } | null {
  const v = value.trim().replace(/^M(?=\d)/i, '');
  if (v === '') return null;
  if (/^\d{1,15}$/.test(v)) return { phoenixId: Number(v) };
  return /^[A-Za-z0-9_-]{6,64}$/.test(value.trim()) ? { uid: value.trim() } : null;
}

/** Yes/no cell: 1, yes, true, y (any case) are yes; 0, no, false, n and blank are no. */
export function yesNo(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['1', 'yes', 'y', 'true'].includes(v)) return true;
  if (['', '0', 'no', 'n', 'false'].includes(v)) return false;
  return null;
}
