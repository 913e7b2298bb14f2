import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RowSink } from './writer';

/** Keeps generated rows in memory by table name: for tests and small previews. */
export class RecordingSink implements RowSink {
  readonly tables = new Map<string, Record<string, unknown>[]>();

  add<T extends PgTable>(table: T, ...rows: T['$inferInsert'][]): void {
    const name = getTableName(table);
    const list = this.tables.get(name) ?? [];
    for (const row of rows) list.push(row as Record<string, unknown>);
    this.tables.set(name, list);
  }

  rows(name: string): Record<string, unknown>[] {
    return this.tables.get(name) ?? [];
  }
}
