import { BATCH_ORDER_EXPORT_LABELS } from '@domain/batch-orders/batch-order-words';
import type {
  BatchOrderExport,
  BatchOrderExportCounts,
  BatchOrderRow,
} from '@domain/batch-orders/batch-orders';
import { formatMoney } from '@domain/reference/money';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CardFields, CardTitle } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
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

type Order = NonNullable<BatchOrderRow['order']>;

const OrderLink = ({ order }: { order: Order }) => (
  <Link component={RouterLink} to={`/orders/${encodeURIComponent(order.id)}/info`}>
    {order.label}
  </Link>
);

const Customer = ({ order }: { order: Order }) => (
  <>
    <Link component={RouterLink} to={`/customers/${encodeURIComponent(order.customerUid)}`}>
      {order.customerName || order.customerUid}
    </Link>
    <br />
    <CopyableText value={order.customerUid} label="customer id" monospace />
  </>
);

const COLUMNS: DataTableColumn<BatchOrderRow>[] = [
  { key: 'row', header: 'Row', cell: (r) => r.rowNo },
  { key: 'order', header: 'Order', cell: (r) => r.order && <OrderLink order={r.order} /> },
  {
    key: 'customer',
    header: 'Customer',
    cellSx: { minWidth: 140 },
    cell: (r) => r.order && <Customer order={r.order} />,
  },
  { key: 'skus', header: 'SKUs', cellSx: { overflowWrap: 'anywhere' }, cell: (r) => r.input.skus },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    cell: (r) => (r.order ? formatMoney(r.order.grandTotal, r.order.currency) : ''),
  },
  {
    key: 'phoenix',
    header: 'Phoenix',
    cellSx: { minWidth: 160, overflowWrap: 'anywhere' },
    cell: (r) => r.order && <ExportCell orderId={r.order.id} downstream={r.order.downstream} />,
  },
];

const card = (r: BatchOrderRow) => (
  <>
    <CardTitle aside={r.order ? formatMoney(r.order.grandTotal, r.order.currency) : undefined}>
      {r.order ? <OrderLink order={r.order} /> : `Row ${r.rowNo}`}
    </CardTitle>
    <CardFields
      fields={[
        ['Row', r.rowNo],
        ...(r.order
          ? ([['Customer', <Customer key="customer" order={r.order} />]] as [string, ReactNode][])
          : []),
        ['SKUs', r.input.skus],
        ...(r.order
          ? ([
              ['Phoenix', <ExportCell key="export" orderId={r.order.id} downstream={r.order.downstream} />],
            ] as [string, ReactNode][])
          : []),
      ]}
    />
  </>
);

function CreatedOrders({ id, running, failed }: { id: number; running: boolean; failed: number }) {
  const [limit, setLimit] = useState(PAGE);
  const exports = useBatchOrderExports(id, running);
  const waiting = (exports.data?.queued ?? 0) > 0;
  const rows = useBatchOrderRows(id, { status: 'succeeded', limit }, running || waiting);
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
      <DataTable
        label="Orders created"
        region="Orders created region"
        paper
        hover={false}
        columns={COLUMNS}
        rows={data}
        rowKey={(r) => r.id}
        empty={
          <Paper variant="outlined">
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title={running ? 'No orders yet' : 'No orders were created'}
              description={
                running ? 'Orders appear here as the batch runs.' : 'Every row of this batch failed.'
              }
            />
          </Paper>
        }
        // On a phone each created order is a card: its row, customer, SKUs, total and export.
        card={card}
        cardProps={{ itemLabel: (r) => `Row ${r.rowNo}${r.order ? `, order ${r.order.label}` : ''}` }}
      />
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
