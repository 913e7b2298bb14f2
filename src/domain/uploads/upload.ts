import Papa from 'papaparse';
import { z } from 'zod';
import { idempotencyKeyField } from '../platform/idempotency';
import {
  headerKey,
  MAX_UPLOAD_CHARS,
  MAX_UPLOAD_ROWS,
  ROW_STATUSES,
  UPLOAD_MESSAGES,
  UPLOAD_STATUSES,
} from './upload-rules';

// CSV uploads applied by a background job: batch orders and bulk ledgers (DESIGN §5). Both share
// the flow upload → preview (every row validated, nothing written) → confirm → job → per-row
// results, and these contracts. The constants, words and pure helpers are in upload-rules.ts (no
// zod), re-exported here.

export {
  accountKey,
  columnLabel,
  headerKey,
  MAX_UPLOAD_ROWS,
  progressOf,
  type RowStatus,
  UPLOAD_MESSAGES,
  type UploadStatus,
  yesNo,
} from './upload-rules';

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

/**
 * The answers of an upload kind's calls, around its summary and its row: the server's routes
 * declare them, and the kind's screens check them in development (ADR 043, 047).
 */
export function uploadAnswers<S extends z.ZodType, R extends z.ZodType>(Summary: S, Row: R) {
  return {
    One: z.object({ success: z.literal(true), data: Summary }),
    Many: z.object({ success: z.literal(true), data: z.array(Summary) }),
    Confirmed: z.object({
      success: z.literal(true),
      message: z.string(),
      created: z.boolean(),
      data: Summary,
    }),
    RowPage: z.object({ success: z.literal(true), data: z.array(Row), hasMore: z.boolean() }),
  };
}

/** The answers of the calls every upload kind shares. */
export const PreviewAnswer = z.object({ success: z.literal(true), data: Preview });
export const RetriedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  retried: z.number().int(),
});
export const ResumedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  started: z.boolean(),
});

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
