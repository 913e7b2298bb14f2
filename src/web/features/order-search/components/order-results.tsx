import type { ProcessedOrder } from '@domain/orders/search';
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
import { CopyableText } from '@web/components/copyable-text';
import { formatDateTime, formatMoney } from '@web/lib/format';
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

/** Computer and tablet widths: one row per order. */
export function OrderResultsTable({ rows }: { rows: ProcessedOrder[] }) {
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0} role="region" aria-label={LABEL}>
        <Table size="small" aria-label={LABEL}>
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell>Phoenix order</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Location</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  <OrderLink row={row} />
                </TableCell>
                <TableCell>
                  <Phoenix row={row} />
                </TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell>{typeLabel(row.orderType)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.dateCreatedUtc)}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <CustomerLink row={row} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.grandTotalCents, row.currency)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{locationLabel(row.countryId)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Phones: one card per order, nothing to scroll sideways. */
export function OrderResultsList({ rows }: { rows: ProcessedOrder[] }) {
  return (
    <Box component="ul" aria-label={LABEL} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <OrderLink row={row} />
            <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(row.grandTotalCents, row.currency)}
            </Typography>
          </Box>
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
        </Paper>
      ))}
    </Box>
  );
}
