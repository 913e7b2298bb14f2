import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { CustomerLink, FailureReason, OrderLinks } from './failed-order-cells';
import { failedAt, labelOf } from './failed-order-labels';

/** The failed orders as a table (wide screens): select all in the header, one retry per row. */
export function FailedOrdersTable({
  rows,
  canRetry,
  selected,
  onToggle,
  allChosen,
  someChosen,
  onSelectAll,
  resultById,
  onRetry,
}: {
  rows: FailedOrder[];
  canRetry: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  allChosen: boolean;
  /** Some rows are selected, not all. */
  someChosen: boolean;
  onSelectAll: () => void;
  resultById: ReadonlyMap<number, RetryResult>;
  onRetry: (f: FailedOrder) => void;
}) {
  const columns: (DataTableColumn<FailedOrder> | false)[] = [
    canRetry && {
      key: 'select',
      padding: 'checkbox',
      header: (
        <Checkbox
          checked={allChosen}
          indeterminate={someChosen}
          onChange={onSelectAll}
          slotProps={{ input: { 'aria-label': 'Select all failed orders' } }}
        />
      ),
      cell: (f) => (
        <Checkbox
          checked={selected.has(f.id)}
          onChange={() => onToggle(f.id)}
          slotProps={{ input: { 'aria-label': `Select ${labelOf(f)}` } }}
        />
      ),
    },
    {
      key: 'order',
      header: 'Order',
      cellSx: { whiteSpace: 'nowrap' },
      cell: (f) => <OrderLinks f={f} label={labelOf(f)} />,
    },
    { key: 'customer', header: 'Customer', cellSx: { minWidth: 140 }, cell: (f) => <CustomerLink f={f} /> },
    {
      key: 'reason',
      header: 'Failure reason',
      cellSx: { minWidth: 260, maxWidth: 460 },
      cell: (f) => <FailureReason f={f} last={resultById.get(f.id)} />,
    },
    { key: 'attempts', header: 'Attempts', align: 'right', cell: (f) => f.attempts },
    { key: 'failed', header: 'Failed', cellSx: { whiteSpace: 'nowrap' }, cell: failedAt },
    canRetry && {
      key: 'retry',
      header: 'Retry',
      align: 'right',
      cell: (f) => (
        <Button size="small" onClick={() => onRetry(f)} aria-label={`Retry ${labelOf(f)}`}>
          Retry
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Failed orders"
      region="Failed orders table"
      tableSx={{ minWidth: 760 }}
      columns={columns}
      rows={rows}
      rowKey={(f) => f.id}
      rowProps={(f) => ({ selected: selected.has(f.id) })}
    />
  );
}
