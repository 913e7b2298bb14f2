import type { ProcessedOrder } from '@domain/order-search/search';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CardTitle } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn, type ListStates } from '@web/components/data-table';
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

const Phoenix = ({ row }: { row: ProcessedOrder }) =>
  row.phoenixOrderId === null ? (
    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
      N/A
    </Typography>
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
const COLUMNS: DataTableColumn<ProcessedOrder>[] = [
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
    header: 'Status · Type',
    cell: (row) => (
      <>
        {row.status}
        <Secondary>{typeLabel(row.orderType)}</Secondary>
      </>
    ),
  },
  { key: 'date', header: 'Date', cell: (row) => formatDateTime(row.dateCreatedUtc) },
  {
    key: 'customer',
    header: 'Customer · Location',
    cellSx: { minWidth: 140 },
    cell: (row) => (
      <>
        <CustomerLink row={row} />
        <Secondary>{locationLabel(row.countryId)}</Secondary>
      </>
    ),
  },
  {
    key: 'total',
    header: 'Total',
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

/** The orders found: a table on computers and tablets, cards on a phone; "Load more" under them. */
export function OrderResults({ rows, ...states }: ListStates & { rows: ProcessedOrder[] }) {
  return (
    <DataTable
      label="Orders found"
      region
      paper
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      card={card}
      {...states}
    />
  );
}
