import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Failed orders table">
      <Table size="small" aria-label="Failed orders" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            {canRetry && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChosen}
                  indeterminate={someChosen}
                  onChange={onSelectAll}
                  slotProps={{ input: { 'aria-label': 'Select all failed orders' } }}
                />
              </TableCell>
            )}
            <TableCell>Order</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Failure reason</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell>Failed</TableCell>
            {canRetry && <TableCell align="right">Retry</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => {
            const label = labelOf(f);
            const last = resultById.get(f.id);
            return (
              <TableRow key={f.id} hover selected={selected.has(f.id)}>
                {canRetry && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(f.id)}
                      onChange={() => onToggle(f.id)}
                      slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <OrderLinks f={f} label={label} />
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <CustomerLink f={f} />
                </TableCell>
                <TableCell sx={{ minWidth: 260, maxWidth: 460 }}>
                  <FailureReason f={f} last={last} />
                </TableCell>
                <TableCell align="right">{f.attempts}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{failedAt(f)}</TableCell>
                {canRetry && (
                  <TableCell align="right">
                    <Button size="small" onClick={() => onRetry(f)} aria-label={`Retry ${label}`}>
                      Retry
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
