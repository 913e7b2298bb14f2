import {
  type ConfirmRequest,
  MAX_UPLOAD_ROWS,
  type Preview,
  parseCsv,
  progressOf,
  type RowStatus,
  UPLOAD_MESSAGES,
  type UploadRequest,
  type UploadStatus,
  type UploadSummary,
} from '@domain/uploads/upload';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { type Actor, recordChange } from '../audit';
import type { AppContext } from '../context';
import { type Db, type DbOrTx, rows, type Tx } from '../db';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { keyReused } from '../idempotency';
import { sha256 } from '../ids';
import { enqueueJob, type JobContext } from '../jobs';

// The machinery batch orders and bulk ledgers share (DESIGN §5): a file is parsed and every row
// validated without writing (preview); confirming stores the batch and its rows and queues a job
// in one transaction; the job applies pending rows a chunk at a time, each row in its own
// transaction with its change event, so a crash loses nothing and a re-run takes up the rows still
// pending. A kind that can apply rows by the set (batch orders) applies a whole chunk in one
// transaction instead, and falls back to one row at a time when the chunk fails. The file's
// SHA-256 is unique per kind (never applied twice) and so is the confirm's idempotency key (a
// confirm sent twice answers the first batch).

export interface RowOutcome {
  /** Extra columns of the row table set when the row succeeds (order_id, ledger_entry_id). */
  columns: Record<string, string | number>;
}

/** A row the job refuses, with the reason shown on the failed-rows screen. */
export interface RowRefusal {
  error: string;
}

export interface PendingRow {
  id: number;
  rowNo: number;
  input: Record<string, string>;
}

export interface UploadKind {
  /** Words for messages: "batch", "bulk ledger". */
  noun: string;
  uploadTable: string;
  rowTable: string;
  /** The row table's reference to its upload. */
  fk: string;
  jobType: string;
  auditCollection: string;
  columns: readonly string[];
  required: readonly string[];
  /** Errors of every row (null when the row may be applied), reading the database in bulk. */
  validate(db: DbOrTx, rows: { rowNo: number; values: Record<string, string> }[]): Promise<(string | null)[]>;
  /** Columns of the upload row beyond the common ones, from the file's valid rows. */
  uploadColumns?(rows: Record<string, string>[]): Record<string, string | number | null>;
  /** Applies one row in the caller's transaction; throws an AppError (4xx) to refuse it. */
  applyRow(tx: Tx, row: PendingRow, run: { uploadId: number; actor: Actor }): Promise<RowOutcome>;
  /**
   * Applies a chunk of rows together in the caller's transaction, reading and writing by the set
   * (optional: without it every row is applied alone with applyRow). The rows are locked and
   * pending. Answers, row for row, the outcome or the reason the row is refused. Throwing gives
   * the chunk up (nothing of it is written) and its rows are then applied one by one, so a row
   * that breaks a constraint fails alone.
   */
  applyChunk?(
    tx: Tx,
    rows: PendingRow[],
    run: { uploadId: number; actor: Actor },
  ): Promise<(RowOutcome | RowRefusal)[]>;
}

/** Rows read and applied per pass of the job: memory stays flat whatever the file's size. */
export const CHUNK_ROWS = 200;
const INSERT_ROWS = 1000;

const id = (name: string) => sql.identifier(name);

interface UploadRecord {
  id: number;
  file_name: string;
  file_hash: string;
  status: UploadStatus;
  total_rows: number;
  succeeded_rows: number;
  failed_rows: number;
  created_by: string;
  created_by_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  [extra: string]: unknown;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

export function toSummary(r: UploadRecord): UploadSummary {
  const counts = { totalRows: r.total_rows, succeededRows: r.succeeded_rows, failedRows: r.failed_rows };
  return {
    id: Number(r.id),
    fileName: r.file_name,
    status: r.status,
    ...counts,
    progress: progressOf(counts),
    createdBy: r.created_by_name ?? r.created_by,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
  };
}

function parseFile(kind: UploadKind, csv: string) {
  try {
    return parseCsv(csv, kind.columns, kind.required);
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : UPLOAD_MESSAGES.empty);
  }
}

const when = (v: Date | string) => new Date(v).toISOString().slice(0, 10);

async function findBy(db: DbOrTx, kind: UploadKind, column: string, value: string) {
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  const [row] = await rows<UploadRecord>(
    db,
    sql`select * from ${id(kind.uploadTable)} where ${id(column)} = ${value}`,
  );
  return row;
}

async function refuseDuplicate(db: DbOrTx, kind: UploadKind, hash: string) {
  const seen = await findBy(db, kind, 'file_hash', hash);
  if (seen) throw conflict(UPLOAD_MESSAGES.duplicate(Number(seen.id), seen.file_name, when(seen.created_at)));
}

/** Parses and validates every row; writes nothing. */
export async function preview(ctx: AppContext, kind: UploadKind, req: UploadRequest): Promise<Preview> {
  const fileHash = sha256(req.csv);
  await refuseDuplicate(ctx.db, kind, fileHash);
  const file = parseFile(kind, req.csv);
  const errors = await kind.validate(ctx.db, file.rows);
  const rowsOut = file.rows.map((r, i) => ({ ...r, ok: errors[i] == null, error: errors[i] ?? null }));
  const valid = rowsOut.filter((r) => r.ok).length;
  return {
    fileName: req.fileName,
    fileHash,
    columns: file.columns,
    total: rowsOut.length,
    valid,
    invalid: rowsOut.length - valid,
    rows: rowsOut,
  };
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause != null && isUniqueViolation(e.cause));
};

/**
 * Stores the batch with every row (rows that failed validation already failed, with their error)
 * and queues its job. A confirm repeated with the same idempotency key answers the same batch.
 */
export async function confirm(
  ctx: AppContext,
  kind: UploadKind,
  actor: Actor,
  req: ConfirmRequest & { idempotencyKey: string },
): Promise<{ created: boolean; summary: UploadSummary }> {
  const fileHash = sha256(req.csv);
  // The same key: the first answer for the same file, 422 for another (ADR 021).
  const answered = (r: UploadRecord) => {
    if (r.file_hash !== fileHash || r.file_name !== req.fileName) throw keyReused();
    return { created: false, summary: toSummary(r) };
  };
  const again = await findBy(ctx.db, kind, 'idempotency_key', req.idempotencyKey);
  if (again) return answered(again);
  await refuseDuplicate(ctx.db, kind, fileHash);
  const file = parseFile(kind, req.csv);
  if (file.rows.length > MAX_UPLOAD_ROWS) throw badRequest(UPLOAD_MESSAGES.tooMany);
  const errors = await kind.validate(ctx.db, file.rows);
  const failed = errors.filter((e) => e != null).length;
  if (failed === file.rows.length) throw badRequest(UPLOAD_MESSAGES.nothingValid);
  const extra =
    kind.uploadColumns?.(file.rows.filter((_, i) => errors[i] == null).map((r) => r.values)) ?? {};

  try {
    const record = await ctx.db.transaction(async (tx) => {
      const columns: Record<string, unknown> = {
        file_name: req.fileName,
        status: 'queued',
        total_rows: file.rows.length,
        failed_rows: failed,
        created_by: actor.email,
        created_by_name: actor.name ?? null,
        file_hash: fileHash,
        idempotency_key: req.idempotencyKey,
        ...extra,
      };
      const names = Object.keys(columns);
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      const [created] = await rows<UploadRecord>(
        tx,
        sql`insert into ${id(kind.uploadTable)} (${sql.join(names.map(id), sql`, `)})
            values (${sql.join(
              names.map((n) => sql`${columns[n]}`),
              sql`, `,
            )}) returning *`,
      );
      const uploadId = Number(created!.id);
      for (let start = 0; start < file.rows.length; start += INSERT_ROWS) {
        const slice = file.rows.slice(start, start + INSERT_ROWS);
        // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
        await tx.execute(
          sql`insert into ${id(kind.rowTable)} (${id(kind.fk)}, row_no, input, status, error) values ${sql.join(
            slice.map((r, i) => {
              const error = errors[start + i] ?? null;
              return sql`(${uploadId}, ${r.rowNo}, ${JSON.stringify(r.values)}::jsonb, ${error ? 'failed' : 'pending'}, ${error})`;
            }),
            sql`, `,
          )}`,
        );
      }
      await recordChange(tx, {
        collection: kind.auditCollection,
        entityId: String(uploadId),
        action: 'upload.confirm',
        actor,
        before: {},
        after: {
          fileName: req.fileName,
          fileHash,
          totalRows: file.rows.length,
          failedRows: failed,
          ...extra,
        },
      });
      await enqueueJob(tx, kind.jobType, { uploadId, actor: { ...actor } }, { createdBy: actor.email });
      return created!;
    });
    ctx.wakeJobs();
    return { created: true, summary: toSummary(record) };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two confirms raced: the other one committed first.
    const winner = await findBy(ctx.db, kind, 'idempotency_key', req.idempotencyKey);
    if (winner) return answered(winner);
    await refuseDuplicate(ctx.db, kind, fileHash);
    throw err;
  }
}

export async function list(ctx: AppContext, kind: UploadKind, limit = 50): Promise<UploadRecord[]> {
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  return rows<UploadRecord>(
    ctx.db,
    sql`select * from ${id(kind.uploadTable)} order by created_at desc, id desc limit ${limit}`,
  );
}

/** One upload, or 404; `lock` holds its row for the caller's transaction (FOR UPDATE). */
export async function getUpload(
  db: DbOrTx,
  kind: UploadKind,
  uploadId: number,
  opts: { lock?: boolean } = {},
): Promise<UploadRecord> {
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  const [row] = await rows<UploadRecord>(
    db,
    sql`select * from ${id(kind.uploadTable)} where id = ${uploadId}${opts.lock ? sql` for update` : sql``}`,
  );
  if (!row) throw notFound(`No ${kind.noun} ${uploadId}.`);
  return row;
}

export interface RowRecord {
  id: number;
  row_no: number;
  input: Record<string, string>;
  status: RowStatus;
  error: string | null;
  updated_at: Date | string;
  [extra: string]: unknown;
}

export const toRow = (r: RowRecord) => ({
  id: Number(r.id),
  rowNo: r.row_no,
  input: Object.fromEntries(Object.entries(r.input ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)])),
  status: r.status,
  error: r.error,
  updatedAt: iso(r.updated_at)!,
});

/** Rows of an upload in file order, after a row number; `select`/`join` add the kind's columns. */
export async function listRows(
  db: DbOrTx,
  kind: UploadKind,
  uploadId: number,
  q: { status?: RowStatus; after: number; limit: number },
  extra: { select?: SQL; join?: SQL } = {},
): Promise<RowRecord[]> {
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  return rows<RowRecord>(
    db,
    sql`select r.*${extra.select ?? sql``} from ${id(kind.rowTable)} r ${extra.join ?? sql``}
        where r.${id(kind.fk)} = ${uploadId} and r.row_no > ${q.after}
          ${q.status ? sql`and r.status = ${q.status}` : sql``}
        order by r.row_no limit ${q.limit}`,
  );
}

/** Puts failed rows back to pending and queues the job again. */
export async function retry(
  ctx: AppContext,
  kind: UploadKind,
  actor: Actor,
  uploadId: number,
  rowIds?: number[],
): Promise<number> {
  const count = await ctx.db.transaction(async (tx) => {
    await getUpload(tx, kind, uploadId);
    // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
    const reset = await rows<{ id: number }>(
      tx,
      sql`update ${id(kind.rowTable)} set status = 'pending', error = null, updated_at = now()
           where ${id(kind.fk)} = ${uploadId} and status = 'failed'
             ${rowIds ? sql`and id in (${sql.join(rowIds.length ? rowIds.map((r) => sql`${r}`) : [sql`null`], sql`, `)})` : sql``}
          returning id`,
    );
    if (reset.length === 0) return 0;
    await requeue(tx, kind, actor, uploadId, reset.length, { action: 'upload.retry', rows: reset.length });
    return reset.length;
  });
  if (count > 0) ctx.wakeJobs();
  return count;
}

/**
 * A queued or processing upload that no worker holds (its job is gone: failed past its attempts,
 * or never queued) is handed to a worker again. One that a job still holds is left alone, so two
 * workers never process one upload.
 */
export async function resume(
  ctx: AppContext,
  kind: UploadKind,
  actor: Actor,
  uploadId: number,
): Promise<boolean> {
  const started = await ctx.db.transaction(async (tx) => {
    const upload = await getUpload(tx, kind, uploadId, { lock: true });
    if (upload.status !== 'queued' && upload.status !== 'processing')
      throw conflict(UPLOAD_MESSAGES.notWaiting);
    const [live] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, kind.jobType),
          inArray(jobs.status, ['queued', 'running']),
          sql`${jobs.payload}->>'uploadId' = ${String(uploadId)}`,
        ),
      )
      .limit(1);
    if (live) return false;
    await recordChange(tx, {
      collection: kind.auditCollection,
      entityId: String(uploadId),
      action: 'upload.resumed',
      actor,
      before: { status: upload.status },
      after: { status: 'queued' },
    });
    // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
    await tx.execute(sql`update ${id(kind.uploadTable)} set status = 'queued' where id = ${uploadId}`);
    await enqueueJob(tx, kind.jobType, { uploadId, actor: { ...actor } }, { createdBy: actor.email });
    return true;
  });
  if (started) ctx.wakeJobs();
  return started;
}

async function requeue(
  tx: Tx,
  kind: UploadKind,
  actor: Actor,
  uploadId: number,
  rowCount: number,
  audit: { action: string } & Record<string, unknown>,
) {
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  await tx.execute(
    sql`update ${id(kind.uploadTable)} set failed_rows = failed_rows - ${rowCount}, status = 'queued', finished_at = null
         where id = ${uploadId}`,
  );
  const { action, ...after } = audit;
  await recordChange(tx, {
    collection: kind.auditCollection,
    entityId: String(uploadId),
    action,
    actor,
    before: {},
    after,
  });
  await enqueueJob(tx, kind.jobType, { uploadId, actor: { ...actor } }, { createdBy: actor.email });
}

/** A failed row corrected: validated with the same rules, saved and queued again. */
export async function updateRow(
  ctx: AppContext,
  kind: UploadKind,
  actor: Actor,
  uploadId: number,
  rowId: number,
  input: Record<string, string>,
): Promise<RowRecord> {
  const values = Object.fromEntries(kind.columns.map((c) => [c, (input[c] ?? '').trim()]));
  const [error] = await kind.validate(ctx.db, [{ rowNo: 0, values }]);
  if (error) throw badRequest(error, [{ path: 'input', message: error }]);
  const saved = await ctx.db.transaction(async (tx) => {
    await getUpload(tx, kind, uploadId);
    // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
    const [row] = await rows<RowRecord>(
      tx,
      sql`select * from ${id(kind.rowTable)} where id = ${rowId} and ${id(kind.fk)} = ${uploadId} for update`,
    );
    if (!row) throw notFound(`No row ${rowId} in ${kind.noun} ${uploadId}.`);
    if (row.status !== 'failed') throw conflict(UPLOAD_MESSAGES.notFailed);
    // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
    const [updated] = await rows<RowRecord>(
      tx,
      sql`update ${id(kind.rowTable)} set input = ${JSON.stringify(values)}::jsonb, status = 'pending', error = null,
             updated_at = now() where id = ${rowId} returning *`,
    );
    await requeue(tx, kind, actor, uploadId, 1, {
      action: 'upload.rowCorrected',
      rowNo: row.row_no,
      before: row.input,
      input: values,
    });
    return updated!;
  });
  ctx.wakeJobs();
  return saved;
}

/** Why a row was refused, in words fit for the failed-rows screen. */
function refusal(err: unknown): string | null {
  if (err instanceof AppError && err.statusCode < 500) {
    const messages = [...new Set([err.message, ...(err.issues ?? []).map((i) => i.message)])];
    return messages.join(' ');
  }
  return null;
}

async function applyOne(
  db: Db,
  kind: UploadKind,
  uploadId: number,
  actor: Actor,
  row: PendingRow,
  log: JobContext['log'],
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Locked for the row's transaction: another worker skips it, and a row that succeeded is
      // no longer pending, so nothing is applied twice.
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      const [locked] = await rows<{ id: number }>(
        tx,
        sql`select id from ${id(kind.rowTable)} where id = ${row.id} and status = 'pending' for update skip locked`,
      );
      if (!locked) return;
      const outcome = await kind.applyRow(tx, row, { uploadId, actor });
      const sets = Object.entries(outcome.columns).map(([c, v]) => sql`, ${id(c)} = ${v}`);
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      await tx.execute(
        sql`update ${id(kind.rowTable)} set status = 'succeeded', error = null, updated_at = now()${sql.join(sets, sql``)}
             where id = ${row.id}`,
      );
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      await tx.execute(
        sql`update ${id(kind.uploadTable)} set succeeded_rows = succeeded_rows + 1 where id = ${uploadId}`,
      );
    });
  } catch (err) {
    let reason = refusal(err);
    if (reason === null) {
      log.error({ err, uploadId, rowId: row.id }, 'upload row failed unexpectedly');
      reason = 'The row could not be applied because of an error on our side; retry it.';
    }
    await db.transaction(async (tx) => {
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      const marked = await rows<{ id: number }>(
        tx,
        sql`update ${id(kind.rowTable)} set status = 'failed', error = ${reason}, updated_at = now()
             where id = ${row.id} and status = 'pending' returning id`,
      );
      if (marked.length > 0)
        // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
        await tx.execute(
          sql`update ${id(kind.uploadTable)} set failed_rows = failed_rows + 1 where id = ${uploadId}`,
        );
    });
  }
}

const typed = (v: string | number) => (typeof v === 'number' ? sql`${v}::numeric` : sql`${v}::text`);

/** Rows of one chunk marked succeeded with their columns, or failed with their reason. */
async function markRows(
  tx: Tx,
  kind: UploadKind,
  done: { id: number; outcome: RowOutcome }[],
  refused: { id: number; error: string }[],
) {
  for (let start = 0; start < done.length; start += INSERT_ROWS) {
    const part = done.slice(start, start + INSERT_ROWS);
    const names = Object.keys(part[0]!.outcome.columns);
    // Raw SQL: UPDATE … FROM (VALUES …) has no builder form, and the tables are named at run time.
    await tx.execute(
      sql`update ${id(kind.rowTable)} r
             set status = 'succeeded', error = null, updated_at = now()${sql.join(
               names.map((n) => sql`, ${id(n)} = v.${id(n)}`),
               sql``,
             )}
            from (values ${sql.join(
              part.map(
                (d) =>
                  sql`(${d.id}::bigint${sql.join(
                    names.map((n) => sql`, ${typed(d.outcome.columns[n]!)}`),
                    sql``,
                  )})`,
              ),
              sql`, `,
            )}) as v(id${sql.join(
              names.map((n) => sql`, ${id(n)}`),
              sql``,
            )})
           where r.id = v.id`,
    );
  }
  for (let start = 0; start < refused.length; start += INSERT_ROWS) {
    const part = refused.slice(start, start + INSERT_ROWS);
    // Raw SQL: UPDATE … FROM (VALUES …) has no builder form, and the tables are named at run time.
    await tx.execute(
      sql`update ${id(kind.rowTable)} r set status = 'failed', error = v.error, updated_at = now()
            from (values ${sql.join(
              part.map((f) => sql`(${f.id}::bigint, ${f.error}::text)`),
              sql`, `,
            )}) as v(id, error)
           where r.id = v.id`,
    );
  }
}

/**
 * A chunk applied in one transaction with kind.applyChunk: its rows are locked (another worker
 * skips them; rows no longer pending are left alone), applied together, marked and counted. A
 * crash loses the whole chunk's work, never part of it. Answers false when the chunk was given up
 * (nothing written) and its rows must be applied one by one.
 */
async function applyChunk(
  db: Db,
  kind: UploadKind,
  uploadId: number,
  actor: Actor,
  chunk: PendingRow[],
  log: JobContext['log'],
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      const locked = await rows<{ id: number | string }>(
        tx,
        sql`select id from ${id(kind.rowTable)}
             where id in (${sql.join(
               chunk.map((r) => sql`${r.id}`),
               sql`, `,
             )}) and status = 'pending'
             for update skip locked`,
      );
      const mine = new Set(locked.map((l) => Number(l.id)));
      const rowsToApply = chunk.filter((r) => mine.has(r.id));
      if (rowsToApply.length === 0) return;
      const results = await kind.applyChunk!(tx, rowsToApply, { uploadId, actor });
      const done: { id: number; outcome: RowOutcome }[] = [];
      const refused: { id: number; error: string }[] = [];
      rowsToApply.forEach((r, i) => {
        const result = results[i]!;
        if ('error' in result) refused.push({ id: r.id, error: result.error });
        else done.push({ id: r.id, outcome: result });
      });
      await markRows(tx, kind, done, refused);
      // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
      await tx.execute(
        sql`update ${id(kind.uploadTable)}
               set succeeded_rows = succeeded_rows + ${done.length}, failed_rows = failed_rows + ${refused.length}
             where id = ${uploadId}`,
      );
    });
    return true;
  } catch (err) {
    log.warn({ err, uploadId, rows: chunk.length }, 'upload chunk given up; applying its rows one by one');
    return false;
  }
}

/**
 * The job: applies the pending rows of one upload in chunks of CHUNK_ROWS, in file order, and
 * closes the upload when none is left. Safe to run again after a crash, and beside another worker.
 */
export async function processUpload(
  kind: UploadKind,
  payload: Record<string, unknown>,
  job: JobContext,
): Promise<Record<string, unknown>> {
  const uploadId = Number(payload.uploadId);
  const actor = payload.actor as Actor;
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  await job.db.execute(
    sql`update ${id(kind.uploadTable)} set status = 'processing' where id = ${uploadId} and status = 'queued'`,
  );
  let after = 0;
  let applied = 0;
  for (;;) {
    // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
    const chunk = await rows<{ id: number; row_no: number; input: Record<string, string> }>(
      job.db,
      sql`select id, row_no, input from ${id(kind.rowTable)}
           where ${id(kind.fk)} = ${uploadId} and status = 'pending' and row_no > ${after}
           order by row_no limit ${CHUNK_ROWS}`,
    );
    if (chunk.length === 0) break;
    const pending = chunk.map((r) => ({ id: Number(r.id), rowNo: r.row_no, input: r.input }));
    const together =
      kind.applyChunk != null && (await applyChunk(job.db, kind, uploadId, actor, pending, job.log));
    if (!together) for (const r of pending) await applyOne(job.db, kind, uploadId, actor, r, job.log);
    after = pending[pending.length - 1]!.rowNo;
    applied += pending.length;
    const record = await getUpload(job.db, kind, uploadId);
    await job.progress(
      progressOf({
        totalRows: record.total_rows,
        succeededRows: record.succeeded_rows,
        failedRows: record.failed_rows,
      }),
    );
  }
  // Raw SQL: the upload and row tables are named at run time (UploadKind), not Drizzle tables.
  await job.db.execute(
    sql`update ${id(kind.uploadTable)} u
           set status = case when u.failed_rows > 0 then 'completedWithErrors' else 'completed' end,
               finished_at = now()
         where u.id = ${uploadId}
           and not exists (select 1 from ${id(kind.rowTable)} r where r.${id(kind.fk)} = u.id and r.status = 'pending')`,
  );
  return { uploadId, rowsProcessed: applied };
}
