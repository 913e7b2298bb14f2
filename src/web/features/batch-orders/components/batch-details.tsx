import {
  BATCH_ORDER_EXPORT_LABELS,
  type BatchOrderExport,
  type BatchOrderExportCounts,
  type BatchOrderRow,
} from '@domain/batch-orders/batch-orders';
import { formatMoney } from '@domain/reference/money';
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
import { CardFields, CardList, CardTitle, useCardLayout } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBatchOrderExports, useBatchOrderRows } from '../api/batch-orders';
import { BatchHeader } from './batch-header';

const PAGE = 100;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Where the batch's orders stand downstream: created is not yet in Phoenix (DESIGN §2 "Phoenix"). */
function ExportSummary({ counts }: { counts: BatchOrderExportCounts }) {
  if (counts.orders === 0) return null;
  const parts = [
    `${counts.exported} of ${plural(counts.orders, 'order')} in Phoenix`,
    ...(counts.queued > 0 ? [`${counts.queued} waiting for export`] : []),
    ...(counts.failed > 0 ? [`${counts.failed} failed`] : []),
    ...(counts.cancelled > 0 ? [`${counts.cancelled} cancelled before export`] : []),
  ];
  const severity = counts.failed > 0 ? 'error' : counts.queued > 0 ? 'info' : 'success';
  return (
    <Alert
      severity={severity}
      action={
        counts.failed > 0 ? (
          <Button component={RouterLink} to="/orders/failed" color="inherit" size="small">
            Failed orders
          </Button>
        ) : undefined
      }
    >
      Phoenix: {parts.join(' · ')}.
    </Alert>
  );
}

/** One order's export: its Phoenix order id, waiting, or Phoenix's reason for refusing it. */
function ExportCell({ orderId, downstream }: { orderId: string; downstream: BatchOrderExport }) {
  if (downstream.status === 'exported')
    return <CopyableText value={String(downstream.phoenixOrderId)} label="Phoenix order id" monospace />;
  if (downstream.status !== 'failed') return <>{BATCH_ORDER_EXPORT_LABELS[downstream.status]}</>;
  return (
    <>
      <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
        {BATCH_ORDER_EXPORT_LABELS.failed}
      </Typography>
      <Typography variant="body2">{downstream.error}</Typography>
      <Link component={RouterLink} to={`/orders/${encodeURIComponent(orderId)}/process`}>
        Process order
      </Link>
    </>
  );
}

function CreatedOrders({ id, running, failed }: { id: number; running: boolean; failed: number }) {
  const [limit, setLimit] = useState(PAGE);
  const exports = useBatchOrderExports(id, running);
  const waiting = (exports.data?.queued ?? 0) > 0;
  const rows = useBatchOrderRows(id, { status: 'succeeded', limit }, running || waiting);
  const cards = useCardLayout();
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
      {exports.data && <ExportSummary counts={exports.data} />}
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
      ) : cards ? (
        // On a phone each created order is a card: its row, customer, SKUs, total and export.
        <CardList
          label="Orders created"
          items={data}
          itemKey={(r) => r.id}
          itemLabel={(r) => `Row ${r.rowNo}${r.order ? `, order ${r.order.label}` : ''}`}
        >
          {(r) => (
            <>
              <CardTitle aside={r.order ? formatMoney(r.order.grandTotal, r.order.currency) : undefined}>
                {r.order ? (
                  <Link component={RouterLink} to={`/orders/${encodeURIComponent(r.order.id)}/info`}>
                    {r.order.label}
                  </Link>
                ) : (
                  `Row ${r.rowNo}`
                )}
              </CardTitle>
              <CardFields
                fields={[
                  ['Row', r.rowNo],
                  ...(r.order
                    ? ([
                        [
                          'Customer',
                          <>
                            <Link
                              component={RouterLink}
                              to={`/customers/${encodeURIComponent(r.order.customerUid)}`}
                            >
                              {r.order.customerName || r.order.customerUid}
                            </Link>
                            <br />
                            <CopyableText value={r.order.customerUid} label="customer id" monospace />
                          </>,
                        ],
                      ] as [string, ReactNode][])
                    : []),
                  ['SKUs', r.input.skus],
                  ...(r.order
                    ? ([
                        [
                          'Phoenix',
                          <ExportCell key="export" orderId={r.order.id} downstream={r.order.downstream} />,
                        ],
                      ] as [string, ReactNode][])
                    : []),
                ]}
              />
            </>
          )}
        </CardList>
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
                <TableCell>Phoenix</TableCell>
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
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                    {r.order && <ExportCell orderId={r.order.id} downstream={r.order.downstream} />}
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

/**
 * /batchOrders/{id}/details: the orders the batch created, linked to the order and the customer,
 * with where each stands downstream (in Phoenix with its id, waiting, or failed with the reason).
 */
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
