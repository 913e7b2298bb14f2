import Papa from 'papaparse';
import { z } from 'zod';
import { idempotencyKeyField } from '../platform/idempotency';
import { formatWholeNumber } from '../reference/plain-formats';

// CSV uploads applied by a background job: batch orders and bulk ledgers (DESIGN §5). Both share
// the flow upload → preview (every row validated, nothing written) → confirm → job → per-row
// results, and these contracts.

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

/** Upload: the file's text as read by the browser, its name, and on confirm the idempotency key. */
export const UploadRequest = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'File name is required')
    .max(200, 'File name may be at most 200 characters'),
  csv: z.string().min(1, UPLOAD_MESSAGES.empty).max(MAX_UPLOAD_CHARS, UPLOAD_MESSAGES.tooLarge),
});
export type UploadRequest = z.infer<typeof UploadRequest>;

export const ConfirmRequest = UploadRequest.extend({
  /** Required, in the body or the Idempotency-Key header (ADR 021): one per previewed file. */
  idempotencyKey: idempotencyKeyField(),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequest>;

/** One row of a preview: its number in the file (1 = first row under the header). */
export const PreviewRow = z.object({
  rowNo: z.number().int(),
  values: z.record(z.string(), z.string()),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const Preview = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  columns: z.array(z.string()),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(PreviewRow),
});
export type Preview = z.infer<typeof Preview>;

export const UploadSummary = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  totalRows: z.number().int(),
  succeededRows: z.number().int(),
  failedRows: z.number().int(),
  /** Rows processed (succeeded or failed) out of the total, 0–100. */
  progress: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type UploadSummary = z.infer<typeof UploadSummary>;

export const UploadRow = z.object({
  id: z.number().int(),
  rowNo: z.number().int(),
  input: z.record(z.string(), z.string()),
  status: z.enum(ROW_STATUSES),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type UploadRow = z.infer<typeof UploadRow>;

export const RowsQuery = z.object({
  status: z.enum(ROW_STATUSES).optional(),
  /** Rows after this row number (pages of `limit`, in file order). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const RetryRequest = z.object({
  /** Failed rows to retry; all failed rows of the batch when left out. */
  rowIds: z.array(z.number().int().positive()).max(MAX_UPLOAD_ROWS).optional(),
});
export const RowUpdateRequest = z.object({ input: z.record(z.string(), z.string().max(2000)) });

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

export interface ParsedCsv {
  columns: string[];
  rows: { rowNo: number; values: Record<string, string> }[];
}

/**
 * Reads a CSV with a header line into rows keyed by the expected column names. Unknown columns are
 * kept under their own header; blank lines and lines starting with # are skipped. Throws an Error with a plain message when
 * the file cannot be used at all.
 */
export function parseCsv(text: string, columns: readonly string[], required: readonly string[]): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    comments: '#',
  });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((h) => h.trim() === '')) throw new Error(UPLOAD_MESSAGES.empty);
  const byKey = new Map(columns.map((c) => [headerKey(c), c]));
  const names = header.map((h) => byKey.get(headerKey(h)) ?? h.trim());
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length > 0) throw new Error(UPLOAD_MESSAGES.missingColumns(missing));
  if (lines.length === 0) throw new Error(UPLOAD_MESSAGES.empty);
  if (lines.length > MAX_UPLOAD_ROWS) throw new Error(UPLOAD_MESSAGES.tooMany);
  return {
    columns: names,
    rows: lines.map((cells, i) => {
      const values: Record<string, string> = {};
      names.forEach((name, c) => {
        values[name] = (cells[c] ?? '').trim();
      });
      return { rowNo: i + 1, values };
    }),
  };
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
