import type { Db } from '@server/platform/db';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { columnsOf, insertStatement, quoteIdent } from './sql-literals';

// Buffers generated rows per table and writes them as multi-row inserts, one transaction per
// write, parents before children. Serial ids are handed out here, in generation order, rather
// than by the database: ids then do not depend on the order in which concurrent writes commit,
// and chunks of accounts (which never reference each other through foreign keys) can be
// written on several connections at once.

/** Values per statement: big enough to amortise round trips, small enough to parse quickly. */
const MAX_VALUES = 40_000;
const MAX_ROWS = 1000;

/** Where generators put rows; the batch writer, or a recorder in tests. */
export interface RowSink {
  add<T extends PgTable>(table: T, ...rows: T['$inferInsert'][]): void;
}

interface Serial {
  key: string;
  column: string;
  last: number;
}

export class BatchWriter implements RowSink {
  private pending = new Map<PgTable, Record<string, unknown>[]>();
  private readonly written = new Map<string, number>();
  private readonly serials = new Map<PgTable, Serial>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly order: readonly PgTable[],
    private readonly concurrency = 1,
  ) {}

  /** Continues each serial id after the rows the tables already hold. */
  async start(): Promise<void> {
    for (const table of this.order) {
      const serial = columnsOf(table).find((c) => c.serial);
      if (!serial) continue;
      const name = quoteIdent(getTableName(table));
      const result = (await this.db.execute(
        sql.raw(`select coalesce(max(${quoteIdent(serial.sqlName)}), 0)::text as last from ${name}`),
      )) as unknown as { rows: { last: string }[] };
      this.serials.set(table, {
        key: serial.key,
        column: serial.sqlName,
        last: Number(result.rows[0]?.last ?? 0),
      });
    }
  }

  add<T extends PgTable>(table: T, ...rows: T['$inferInsert'][]): void {
    if (rows.length === 0) return;
    let list = this.pending.get(table);
    if (!list) {
      list = [];
      this.pending.set(table, list);
    }
    const serial = this.serials.get(table);
    for (const row of rows as Record<string, unknown>[]) {
      if (serial && row[serial.key] === undefined) row[serial.key] = ++serial.last;
      list.push(row);
    }
  }

  /** Rows written so far, per table name. */
  get counts(): ReadonlyMap<string, number> {
    return this.written;
  }

  /**
   * Starts writing everything buffered so far and returns once fewer than `concurrency` writes
   * are still running, so the caller can generate the next chunk meanwhile.
   */
  async write(): Promise<void> {
    this.throwIfFailed();
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
    this.throwIfFailed();
    const batch = this.pending;
    this.pending = new Map();
    const unknownTables = [...batch.keys()].filter((t) => !this.order.includes(t));
    if (unknownTables.length > 0)
      throw new Error(`no insert order for ${unknownTables.map((t) => getTableName(t)).join(', ')}`);
    const running: Promise<void> = this.writeBatch(batch).then(
      () => {
        this.inFlight.delete(running);
      },
      (error: unknown) => {
        this.failure ??= error;
        this.inFlight.delete(running);
      },
    );
    this.inFlight.add(running);
  }

  /** Writes what is buffered and waits for every write to finish. */
  async flush(): Promise<void> {
    await this.write();
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.throwIfFailed();
  }

  /** Moves each sequence past the ids handed out here, for the rows the application adds later. */
  async syncSequences(): Promise<void> {
    for (const [table, serial] of this.serials) {
      const name = getTableName(table);
      await this.db.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${quoteIdent(name).replaceAll("'", "''")}', '${serial.column}'), coalesce((select max(${quoteIdent(serial.column)}) from ${quoteIdent(name)}), 0) + 1, false)`,
        ),
      );
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }

  private async writeBatch(batch: Map<PgTable, Record<string, unknown>[]>): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of this.order) {
        const rows = batch.get(table);
        if (!rows || rows.length === 0) continue;
        const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columnsOf(table).length)));
        for (let i = 0; i < rows.length; i += size) {
          await tx.execute(sql.raw(insertStatement(table, rows.slice(i, i + size))));
        }
      }
    });
    for (const [table, rows] of batch) {
      const name = getTableName(table);
      this.written.set(name, (this.written.get(name) ?? 0) + rows.length);
    }
  }
}
