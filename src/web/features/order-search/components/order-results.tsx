import type { ProcessedOrder } from '@domain/order-search/search-contract';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CardTitle } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn, type ListStates, type SortState } from '@web/components/data-table';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { customerPath, locationLabel, orderPath, typeLabel } from './labels';

const OrderLink = ({ row }: { row: ProcessedOrder }) => (
  <Link
    component={RouterLink}
    to={orderPath(row.id)}
    sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600 }}
    aria-label={`Order ${row.orderNumber}`}
  >
    {row.orderNumber}
  </Link>
);

const CustomerLink = ({ row }: { row: ProcessedOrder }) => (
  <Link component={RouterLink} to={customerPath(row.customer.uid)}>
    {row.customer.firstName} {row.customer.lastName}
  </Link>
);

const None = () => (
  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
    N/A
  </Typography>
);

const Phoenix = ({ row }: { row: ProcessedOrder }) =>
  row.phoenixOrderId === null ? (
    <None />
  ) : (
    <CopyableText value={String(row.phoenixOrderId)} label="Phoenix order number" monospace />
  );

const Secondary = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

// Secondary values sit under the main one of their cell (Phoenix number under the order, type under
// the status, location under the customer), so the table fits beside the docked menu at 1280
// without cutting any value off.
export const ORDER_RESULT_COLUMNS: DataTableColumn<ProcessedOrder>[] = [
  {
    key: 'order',
    header: 'Order · Phoenix',
    cell: (row) => (
      <>
        <OrderLink row={row} />
        <Box sx={{ mt: 0.25 }}>
          <Phoenix row={row} />
        </Box>
      </>
    ),
  },
  {
    key: 'status',
    choice: 'Status · Type',
    header: 'Status · Type',
    cell: (row) => (
      <>
        {row.status}
        <Secondary>{typeLabel(row.orderType)}</Secondary>
      </>
    ),
  },
  {
    key: 'date',
    choice: 'Date',
    header: 'Date',
    sortBy: true,
    cell: (row) => formatDateTime(row.dateCreatedUtc),
  },
  {
    key: 'customer',
    choice: 'Customer · Location',
    header: 'Customer · Location',
    sortBy: true,
    cellSx: { minWidth: 140 },
    cell: (row) => (
      <>
        <CustomerLink row={row} />
        <Secondary>{locationLabel(row.countryId)}</Secondary>
      </>
    ),
  },
  {
    key: 'email',
    choice: 'Customer email',
    hiddenAtFirst: true,
    header: 'Customer email',
    cellSx: { overflowWrap: 'anywhere' },
    cell: (row) =>
      row.customer.email ? <CopyableText value={row.customer.email} label="Customer email" /> : <None />,
  },
  {
    key: 'phoenixId',
    choice: 'Phoenix ID',
    hiddenAtFirst: true,
    header: 'Phoenix ID',
    cell: (row) =>
      row.customer.phoenixId === null ? (
        <None />
      ) : (
        <CopyableText value={String(row.customer.phoenixId)} label="Phoenix ID" monospace />
      ),
  },
  {
    key: 'total',
    choice: 'Total',
    header: 'Total',
    sortBy: true,
    align: 'right',
    cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    cell: (row) => formatMoney(row.grandTotalCents, row.currency),
  },
];

/** Phones: one card per order, nothing to scroll sideways. */
const card = (row: ProcessedOrder) => (
  <>
    <CardTitle
      aside={
        <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(row.grandTotalCents, row.currency)}
        </Typography>
      }
    >
      <OrderLink row={row} />
    </CardTitle>
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      {row.status} · {typeLabel(row.orderType)}
    </Typography>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {formatDateTime(row.dateCreatedUtc)} · {locationLabel(row.countryId)}
    </Typography>
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        Phoenix:
      </Typography>
      <Phoenix row={row} />
    </Box>
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      <CustomerLink row={row} />
    </Typography>
  </>
);

interface OrderResultsProps extends ListStates {
  rows: ProcessedOrder[];
  /** The order the server listed them in; a sortable header asks for another. */
  sort: SortState & { onSort: (key: string) => void };
  hidden: ReadonlySet<string>;
}

/** The orders found: a table on computers and tablets, cards on a phone; "Load more" under them. */
export function OrderResults({ rows, sort, hidden, ...states }: OrderResultsProps) {
  return (
    <DataTable
      label="Orders found"
      region
      paper
      columns={ORDER_RESULT_COLUMNS}
      hidden={hidden}
      sort={sort}
      rows={rows}
      rowKey={(row) => row.id}
      card={card}
      {...states}
    />
  );
}
