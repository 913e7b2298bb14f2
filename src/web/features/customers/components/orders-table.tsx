import type { OrderRow } from '@domain/customers/customer';
import { orderNumberLabel } from '@domain/customers/order-status';
import { orderTypeName } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Link from '@mui/material/Link';
import { DataTable, type DataTableColumn, type ListStates } from '@web/components/data-table';
import { formatDateTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { customerPath, orderPath } from './labels';

type Row = OrderRow & { customerUid?: string; customerName?: string };

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns = (showCustomer: boolean): (DataTableColumn<Row> | false)[] => [
  { key: 'date', header: 'Date', cellSx: nowrap, cell: (o) => formatDateTime(o.dateCreatedUtc) },
  {
    key: 'order',
    header: 'Order',
    cell: (o) => (
      <Link component={RouterLink} to={orderPath(o.id)} sx={{ fontFamily: 'ui-monospace, monospace' }}>
        {orderNumberLabel(o.orderId, o.customerUserType)}
      </Link>
    ),
  },
  showCustomer && {
    key: 'customer',
    header: 'Customer',
    cell: (o) =>
      o.customerUid ? (
        <Link component={RouterLink} to={customerPath(o.customerUid)}>
          {o.customerName}
        </Link>
      ) : (
        o.customerName
      ),
  },
  { key: 'type', header: 'Type', cell: (o) => orderTypeName(o.orderType) ?? o.orderType },
  { key: 'status', header: 'Status', cell: (o) => o.status },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    cellSx: nowrap,
    cell: (o) => formatMoney(o.grandTotalCents, o.currency),
  },
];

/** Orders with their timestamp (spec 1 §2), each linking to /orders/{id}/info. */
export function OrdersTable({
  orders,
  label,
  showCustomer = false,
  paper = false,
  ...states
}: ListStates & {
  orders: Row[];
  label: string;
  showCustomer?: boolean;
  /** In an outlined paper (not while loading, failed or empty). */
  paper?: boolean;
}) {
  return (
    <DataTable
      label={label}
      region
      paper={paper}
      columns={columns(showCustomer)}
      rows={orders}
      rowKey={(o) => o.id}
      {...states}
    />
  );
}
