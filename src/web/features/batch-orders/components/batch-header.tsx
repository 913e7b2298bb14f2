import { batchOrderTypeLabel } from '@domain/batch-orders/batch-order-words';
import type { BatchOrderSummary } from '@domain/batch-orders/batch-orders';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import { ResumeUpload } from '@web/components/upload/resume-upload';
import { resultCsvUrl } from '@web/components/upload/upload-api';
import { UploadProgress, UploadStatusChip } from '@web/components/upload/upload-progress';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { useBatchOrder } from '../api/batch-orders';

/** The batch's file, status, progress (polled while it runs) and result CSV; children below it. */
export function BatchHeader({
  id,
  children,
}: {
  id: number;
  children: (batch: BatchOrderSummary) => ReactNode;
}) {
  const batch = useBatchOrder(id);
  if (batch.isPending) return <Placeholder height={120} aria-label="Loading batch" />;
  if (batch.isError)
    return <Alert severity="error">{errorMessage(batch.error, 'The batch could not be loaded.')}</Alert>;
  const b = batch.data;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.fileName}</Typography>
            <UploadStatusChip status={b.status} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {batchOrderTypeLabel(b.orderType)}
            {b.reason ? ` · ${b.reason}` : ''} · uploaded {formatDateTime(b.createdAt)} by {b.createdBy}
            {b.finishedAt ? ` · finished ${formatDateTime(b.finishedAt)}` : ''}
          </Typography>
          <UploadProgress upload={b} />
          <ResumeUpload base="batchOrders" id={b.id} status={b.status} />
          <div>
            <Button variant="outlined" size="small" href={resultCsvUrl('batchOrders', b.id)} download>
              Download result CSV
            </Button>
          </div>
        </Stack>
      </Paper>
      {children(b)}
    </Stack>
  );
}
