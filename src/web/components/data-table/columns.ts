import type { SxProps, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { once } from '@web/lib/format';
import type { ReactNode } from 'react';

/** A value a column sorts by; empty values go last whichever the direction. */
export type SortValue = string | number | null | undefined;

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** One column of a DataTable: its header, how a row shows in it, and how it sorts. */
export interface DataTableColumn<Row> {
  /** Unique among the columns: the React key, and the sort key. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** The header cell's width (a number is pixels). */
  width?: number | string;
  padding?: 'checkbox' | 'none';
  /** Styles of the column's header and body cells (a numeric column, one hidden on phones). */
  sx?: SxProps<Theme>;
  /** Styles of the body cells only, per row when a function. */
  cellSx?: SystemStyleObject<Theme> | ((row: Row) => SystemStyleObject<Theme>);
  /**
   * The header sorts the rows: by this value of a row (in the browser, once every row is loaded),
   * or `true` when the caller sorts them (the table's `sort` prop).
   */
  sortBy?: true | ((row: Row) => SortValue);
  /** The column's name in the list's column choice; without it the column always shows. */
  choice?: string;
  /** With `choice`: hidden until someone chooses to show it. */
  hiddenAtFirst?: boolean;
}

/** Made on the first sort, not when a list screen loads (its locale data costs a phone's first paint). */
const collator = once(() => new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator().compare(String(a), String(b));
}

/** The rows in the order of `value`, a new array; equal rows keep their order, empty ones go last. */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const empty = (v: SortValue) => v === null || v === undefined || v === '';
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((x, y) => {
      if (empty(x.v) || empty(y.v)) return Number(empty(x.v)) - Number(empty(y.v)) || x.index - y.index;
      return sign * compare(x.v, y.v) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** What the column choice needs of a column. */
export type Choosable = Pick<DataTableColumn<never>, 'key' | 'choice' | 'hiddenAtFirst'>;

/** A list's column choice: the columns hidden now, and how to change them. */
export interface ColumnChoice {
  /** The keys of the columns hidden now. */
  hidden: ReadonlySet<string>;
  toggle: (key: string) => void;
  reset: () => void;
}
