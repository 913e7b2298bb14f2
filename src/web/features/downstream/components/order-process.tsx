import { orderNumberLabel } from '@domain/customers/order-status';
import type { OrderProcess as OrderProcessData } from '@domain/downstream/downstream';
import { EXPORT_STATUS_LABELS } from '@domain/downstream/process-words';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { LoadError, Loading } from '@web/components/loading';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { useOrderProcess, useRetryFailedOrders } from '../api/failed-orders';
import { AddressLines } from './address-lines';
import { FixAddressDialog } from './fix-address-dialog';
import { ProcessHistory } from './process-history';

type Failure = OrderProcessData['failures'][number];

const FAILURE_COLUMNS: DataTableColumn<Failure>[] = [
  {
    key: 'failed',
    header: 'Failed',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (f) => (f.dateCreatedUTC ? formatDateTime(f.dateCreatedUTC) : 'No date'),
  },
  {
    key: 'reason',
    header: 'Reason',
    cellSx: { overflowWrap: 'anywhere' },
    cell: (f) => (
      <>
        {f.errorCode && (
          <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
            {f.errorCode}
          </Typography>
        )}
        {f.errorMessage}
      </>
    ),
  },
  {
    key: 'resolved',
    header: 'Resolved',
    cell: (f) => (f.resolvedAt ? `${formatDateTime(f.resolvedAt)} by ${f.resolvedBy ?? 'system'}` : 'Open'),
  },
];

const facts = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
} as const;

const STATUS_COLOR = { pending: 'info', exported: 'success', failed: 'error', cancelled: 'default' } as const;

function ProcessBody({ data, canRetry }: { data: OrderProcessData; canRetry: boolean }) {
  const retry = useRetryFailedOrders();
  const alert = useAlert();
  const [confirming, setConfirming] = useState(false);
  const [fixing, setFixing] = useState(false);
  const { order } = data;
  const label = orderNumberLabel(order.orderId, order.customerUserType);
  const openFailure = data.failures.find((f) => f.resolvedAt === null) ?? null;
  const exp = data.export;

  const runRetry = () =>
    openFailure &&
    retry.mutate([openFailure.id], {
      onSuccess: (answer) => {
        setConfirming(false);
        const result = answer.data[0];
        if (result?.outcome === 'exported') alert.success(result.message);
        else alert.show(result?.message ?? answer.message, result?.outcome === 'failed' ? 'error' : 'info');
      },
      onError: (error) => {
        setConfirming(false);
        alert.error(errorMessage(error, 'Retry failed.'));
      },
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SectionCard
        title="Downstream export"
        actions={
          canRetry && openFailure ? (
            <Button variant="contained" onClick={() => setConfirming(true)}>
              Retry export
            </Button>
          ) : undefined
        }
      >
        <Box sx={facts}>
          <Fact label="Status">
            {exp ? (
              <Chip size="small" label={EXPORT_STATUS_LABELS[exp.status]} color={STATUS_COLOR[exp.status]} />
            ) : (
              'Not queued'
            )}
          </Fact>
          <Fact label="Phoenix order id">
            {order.phoenixOrderId === null ? (
              'N/A'
            ) : (
              <CopyableText value={String(order.phoenixOrderId)} label="Copy Phoenix order id" monospace />
            )}
          </Fact>
          <Fact label="Attempts">{exp ? exp.attempts : 0}</Fact>
          <Fact label="Queued at">{exp ? formatDateTime(exp.queuedAt) : '—'}</Fact>
          <Fact label="Exported at">{exp?.exportedAt ? formatDateTime(exp.exportedAt) : '—'}</Fact>
          {exp?.nextAttemptAt && <Fact label="Next attempt">{formatDateTime(exp.nextAttemptAt)}</Fact>}
          <Fact label="Captured">
            {order.dateCapturedUTC ? formatDateTime(order.dateCapturedUTC) : 'Not captured'}
          </Fact>
          <Fact label="DHL hold">{order.dhlHoldStatus ?? 'Not on hold'}</Fact>
        </Box>
        {exp?.lastError && (
          <Typography variant="body2" sx={{ mt: 2, color: 'error.main', overflowWrap: 'anywhere' }}>
            Last error: {exp.lastError}
          </Typography>
        )}
      </SectionCard>

      <SectionCard
        title="Shipping address"
        actions={
          canRetry && order.phoenixOrderId === null && exp?.status !== 'cancelled' ? (
            <Button variant="outlined" onClick={() => setFixing(true)}>
              Correct address
            </Button>
          ) : undefined
        }
      >
        <AddressLines address={order.shippingAddress} />
      </SectionCard>

      <SectionCard title="Failures">
        <DataTable
          label="Export failures"
          region="Export failures table"
          hover={false}
          tableSx={{ minWidth: 560 }}
          columns={FAILURE_COLUMNS}
          rows={data.failures}
          rowKey={(f) => f.id}
          empty={
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This order has never failed its export.
            </Typography>
          }
        />
      </SectionCard>

      <SectionCard title="State history">
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Now: <strong>{order.stateName}</strong> ({order.collection}), placed{' '}
          {formatDateTime(order.dateCreatedUTC)}
        </Typography>
        <ProcessHistory events={data.history} />
      </SectionCard>

      {fixing && <FixAddressDialog order={order} onClose={() => setFixing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={`Retry the export of ${label}?`}
        confirmLabel="Retry"
        pending={retry.isPending}
        onConfirm={runRetry}
        onClose={() => setConfirming(false)}
      >
        The order is checked again and handed to Phoenix if it now passes.
      </ConfirmDialog>
    </Box>
  );
}

/**
 * Order process (spec 2 §2 /orders/{id}/process): export, attempts, DHL hold, history, retry. It is one
 * of the order's tabs, under the order's own header (OrderFrame).
 */
export function OrderProcessView({ id, canRetry }: { id: string; canRetry: boolean }) {
  const process = useOrderProcess(id);
  if (process.isPending) return <Loading label="Loading the order's processing" />;
  if (process.isError) return <LoadError error={process.error} />;
  return <ProcessBody data={process.data.data} canRetry={canRetry} />;
}
