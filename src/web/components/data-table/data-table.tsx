import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { CardList, type CardListProps, useCardLayout } from '@web/components/card-list';
import { LoadError, Loading } from '@web/components/loading';
import { type ReactNode, useMemo, useState } from 'react';
import { type DataTableColumn, type SortState, sortRows } from './columns';

// The one list of rows the screens share: a table on wider screens and, when the caller gives a
// card, the shared card list on a phone (the card-list tier), with one way of showing loading, a
// failed load, no rows and "Load more".

/** What a body row carries besides its cells. */
interface RowExtras {
  selected?: boolean;
  onClick?: () => void;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

/** How the list says it is loading, failed, has no rows or has more to fetch. */
export interface ListStates {
  /** While the rows load: `true` for the shared spinner (named `loadingLabel`), or what to show. */
  loading?: ReactNode;
  loadingLabel?: string;
  /** The load failed: said in an alert, with "Try again" when `onRetry` is given. */
  error?: unknown;
  errorText?: string;
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows (an EmptyState, usually). */
  empty?: ReactNode;
  /** More rows to fetch: a "Load more" button under the list. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  loadMoreLabel?: string;
}

interface DataTableProps<Row> extends ListStates {
  /** The table's accessible name, and its card list's on a phone. */
  label: string;
  columns: readonly (DataTableColumn<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The name of a focusable region the table scrolls sideways in (`true`: the table's name). */
  region?: string | true;
  /** Only the region is named (the label's name): the table inside it has no name of its own. */
  regionOnly?: boolean;
  /** The table in an outlined paper (the card list stands alone on a phone). */
  paper?: boolean;
  tableSx?: SxProps<Theme>;
  containerSx?: SxProps<Theme>;
  /** Rows highlight under the pointer (default). */
  hover?: boolean;
  rowProps?: (row: Row) => RowExtras;
  /** The caller sorts the rows (the columns whose `sortBy` is `true`); without it they sort here. */
  sort?: SortState & { onSort: (key: string) => void };
  /** Keys of columns not to show (the list's column choice). */
  hidden?: ReadonlySet<string>;
  /** On a phone each row is a card with this content. */
  card?: (row: Row) => ReactNode;
  cardProps?: Pick<CardListProps<Row>, 'itemLabel' | 'itemData' | 'itemSelected'>;
}

const cells = (...parts: (SxProps<Theme> | undefined)[]): SxProps<Theme> =>
  parts.flatMap((p) => (p === undefined ? [] : Array.isArray(p) ? p : [p])) as SxProps<Theme>;

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, rowKey, loading, error, empty, card, hover = true } = props;
  const columns = props.columns.filter(
    (c): c is DataTableColumn<Row> => c !== false && !props.hidden?.has(c.key),
  );
  const cardLayout = useCardLayout();
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  // Sorting in the browser only sees the rows loaded so far: it waits for the last page.
  const browserSorts = !props.sort && !props.hasMore;
  const sortState = props.sort ?? (browserSorts ? ownSort : null);
  const sortedColumn = columns.find((c) => c.key === ownSort?.key)?.sortBy;
  const shown = useMemo(
    () =>
      browserSorts && ownSort && typeof sortedColumn === 'function'
        ? sortRows(rows, sortedColumn, ownSort.direction)
        : rows,
    [browserSorts, ownSort, sortedColumn, rows],
  );
  const onSort = (key: string) => {
    if (props.sort) return props.sort.onSort(key);
    setOwnSort((s) => ({ key, direction: s?.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));
  };
  const sortable = (c: DataTableColumn<Row>) =>
    props.sort ? c.sortBy === true : browserSorts && typeof c.sortBy === 'function';

  if (error !== undefined && error !== null && error !== false)
    return <LoadError error={error} fallback={props.errorText} onRetry={props.onRetry} />;
  if (loading === true) return <Loading label={props.loadingLabel ?? `Loading ${label.toLowerCase()}`} />;
  if (loading) return loading;
  if (rows.length === 0 && empty) return empty;

  let list: ReactNode;
  if (card && cardLayout) {
    list = (
      <CardList label={label} items={shown} itemKey={rowKey} {...props.cardProps}>
        {card}
      </CardList>
    );
  } else {
    const region = props.region === true || (props.regionOnly && !props.region) ? label : props.region;
    list = (
      <TableContainer
        {...(region ? { tabIndex: 0, role: 'region', 'aria-label': region } : {})}
        sx={props.containerSx}
      >
        <Table size="small" aria-label={props.regionOnly ? undefined : label} sx={props.tableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = sortState?.key === c.key;
                return (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    padding={c.padding}
                    sortDirection={sortable(c) && active ? sortState.direction : undefined}
                    sx={cells(c.width === undefined ? undefined : { width: c.width }, c.sx)}
                  >
                    {sortable(c) ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sortState.direction : 'asc'}
                        onClick={() => onSort(c.key)}
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const { sx, onClick, ...extras } = props.rowProps?.(row) ?? {};
              return (
                <TableRow
                  key={rowKey(row)}
                  hover={hover}
                  onClick={onClick}
                  sx={onClick ? cells({ cursor: 'pointer' }, sx) : sx}
                  {...extras}
                >
                  {columns.map((c) => (
                    <TableCell
                      key={c.key}
                      align={c.align}
                      padding={c.padding}
                      sx={cells(c.sx, typeof c.cellSx === 'function' ? c.cellSx(row) : c.cellSx)}
                    >
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
    if (props.paper) list = <Paper variant="outlined">{list}</Paper>;
  }
  return (
    <>
      {list}
      {props.hasMore && props.onLoadMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={props.onLoadMore} loading={props.loadingMore}>
            {props.loadMoreLabel ?? 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
