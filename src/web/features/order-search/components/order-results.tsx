import type { ProcessedOrder } from '@domain/order-search/search';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CardList, CardTitle } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { customerPath, locationLabel, orderPath, typeLabel } from './labels';

const LABEL = 'Orders found';

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

/**
 * Computer and tablet widths: one row per order. Secondary values sit under the main one of their
 * cell (Phoenix number under the order, type under the status, location under the customer), so
 * the table fits beside the docked menu at 1280 without cutting any value off.
 */
export function OrderResultsTable({ rows }: { rows: ProcessedOrder[] }) {
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0} role="region" aria-label={LABEL}>
        <Table size="small" aria-label={LABEL}>
          <TableHead>
            <TableRow>
              <TableCell>Order · Phoenix</TableCell>
              <TableCell>Status · Type</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Customer · Location</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  <OrderLink row={row} />
                  <Box sx={{ mt: 0.25 }}>
                    <Phoenix row={row} />
                  </Box>
                </TableCell>
                <TableCell>
                  {row.status}
                  <Secondary>{typeLabel(row.orderType)}</Secondary>
                </TableCell>
                <TableCell>{formatDateTime(row.dateCreatedUtc)}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <CustomerLink row={row} />
                  <Secondary>{locationLabel(row.countryId)}</Secondary>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.grandTotalCents, row.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const Secondary = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

/** Phones: one card per order, nothing to scroll sideways. */
export function OrderResultsList({ rows }: { rows: ProcessedOrder[] }) {
  return (
    <CardList label={LABEL} items={rows} itemKey={(row) => row.id}>
      {(row) => (
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
      )}
    </CardList>
  );
}
