import type { OrderRow } from '@domain/customers/customer';
import { orderNumberLabel } from '@domain/customers/order-status';
import { orderTypeName } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { customerPath, orderPath } from './labels';
import { ScrollTable } from './scroll-table';

type Row = OrderRow & { customerUid?: string; customerName?: string };

/** Orders with their timestamp (spec 1 §2), each linking to /orders/{id}/info. */
export function OrdersTable({
  orders,
  label,
  showCustomer = false,
}: {
  orders: Row[];
  label: string;
  showCustomer?: boolean;
}) {
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Order</TableCell>
            {showCustomer && <TableCell>Customer</TableCell>}
            <TableCell>Type</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.dateCreatedUtc)}</TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={orderPath(o.id)}
                  sx={{ fontFamily: 'ui-monospace, monospace' }}
                >
                  {orderNumberLabel(o.orderId, o.customerUserType)}
                </Link>
              </TableCell>
              {showCustomer && (
                <TableCell>
                  {o.customerUid ? (
                    <Link component={RouterLink} to={customerPath(o.customerUid)}>
                      {o.customerName}
                    </Link>
                  ) : (
                    o.customerName
                  )}
                </TableCell>
              )}
              <TableCell>{orderTypeName(o.orderType) ?? o.orderType}</TableCell>
              <TableCell>{o.status}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(o.grandTotalCents, o.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
