import type { BatchOrderRow } from '@domain/orders/batch-orders';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBatchOrderRows } from '../api/batch-orders';
import { BatchHeader } from './batch-header';

const PAGE = 100;

function CreatedOrders({ id, running, failed }: { id: number; running: boolean; failed: number }) {
  const [limit, setLimit] = useState(PAGE);
  const rows = useBatchOrderRows(id, { status: 'succeeded', limit }, running);
  if (rows.isPending) return <Typography>Loading orders…</Typography>;
  if (rows.isError)
    return <Alert severity="error">{errorMessage(rows.error, 'The orders could not be loaded.')}</Alert>;
  const data = rows.data.data as BatchOrderRow[];
  return (
    <>
      <Typography component="h2" variant="h6">
        Orders created
        {failed > 0 && (
          <Link component={RouterLink} to={`/batchOrders/${id}/failed`} sx={{ ml: 2, fontSize: 16 }}>
            {failed} failed row{failed === 1 ? '' : 's'}
          </Link>
        )}
      </Typography>
      {data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<ReceiptLongOutlined />}
            title={running ? 'No orders yet' : 'No orders were created'}
            description={
              running ? 'Orders appear here as the batch runs.' : 'Every row of this batch failed.'
            }
          />
        </Paper>
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label="Orders created region"
        >
          <Table size="small" aria-label="Orders created">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>SKUs</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.rowNo}</TableCell>
                  <TableCell>
                    {r.order && (
                      <Link component={RouterLink} to={`/orders/${encodeURIComponent(r.order.id)}/info`}>
                        {r.order.label}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {r.order && (
                      <>
                        <Link
                          component={RouterLink}
                          to={`/customers/${encodeURIComponent(r.order.customerUid)}`}
                        >
                          {r.order.customerName || r.order.customerUid}
                        </Link>
                        <br />
                        <CopyableText value={r.order.customerUid} label="customer id" monospace />
                      </>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.input.skus}</TableCell>
                  <TableCell align="right">
                    {r.order ? formatMoney(r.order.grandTotal, r.order.currency) : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.data.hasMore && (
        <div>
          <Button onClick={() => setLimit((l) => Math.min(l + PAGE, 500))} disabled={limit >= 500}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

/** /batchOrders/{id}/details: the orders the batch created, linked to the order and the customer. */
export function BatchDetails({ id }: { id: number }) {
  return (
    <BatchHeader id={id}>
      {(b) => (
        <CreatedOrders
          id={id}
          running={b.status === 'queued' || b.status === 'processing'}
          failed={b.failedRows}
        />
      )}
    </BatchHeader>
  );
}
