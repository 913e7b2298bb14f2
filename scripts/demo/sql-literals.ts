import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// Multi-row INSERT statements with values written as SQL literals. Building thousands of bound
// parameters through the query builder cost more CPU than generating the data itself; literal
// text is cheap to build and both PGlite and PostgreSQL parse it quickly. Only values the
// generator made are written this way, never outside input.

export interface ColumnInfo {
  key: string;
  sqlName: string;
  kind: 'json' | 'array' | 'scalar';
  hasDefault: boolean;
  /** Filled by a sequence when left out (serial, bigserial and identity columns). */
  serial: boolean;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return quoteText(`{${items.join(',')}}`);
}

/** One value as a literal PostgreSQL casts to the column type on insert. */
export function literal(column: Pick<ColumnInfo, 'kind' | 'hasDefault'>, value: unknown): string {
  if (value === undefined) return column.hasDefault ? 'DEFAULT' : 'NULL';
  if (value === null) return 'NULL';
  if (column.kind === 'json') return quoteText(JSON.stringify(value));
  if (column.kind === 'array' && Array.isArray(value)) return arrayLiteral(value);
  if (value instanceof Date) return quoteText(value.toISOString());
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to the database`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return quoteText(value);
  throw new Error(`no literal for ${typeof value}`);
}

const columnsCache = new WeakMap<PgTable, ColumnInfo[]>();

export function columnsOf(table: PgTable): ColumnInfo[] {
  const cached = columnsCache.get(table);
  if (cached) return cached;
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    sqlName: column.name,
    kind:
      column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
        ? ('json' as const)
        : column.columnType === 'PgArray'
          ? ('array' as const)
          : ('scalar' as const),
    hasDefault: column.hasDefault,
    serial:
      /^Pg(Big|Small)?Serial/.test(column.columnType) ||
      Boolean((column as unknown as { generatedIdentity?: unknown }).generatedIdentity),
  }));
  columnsCache.set(table, columns);
  return columns;
}

/** `insert into t (…) values (…), (…)` for rows keyed by the table's property names. */
export function insertStatement(table: PgTable, rows: readonly Record<string, unknown>[]): string {
  const columns = columnsOf(table);
  const head = `insert into ${quoteIdent(getTableName(table))} (${columns.map((c) => quoteIdent(c.sqlName)).join(', ')}) values\n`;
  const values = rows.map((row) => `(${columns.map((c) => literal(c, row[c.key])).join(', ')})`);
  return head + values.join(',\n');
}
