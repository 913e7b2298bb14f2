import type { UploadSummary } from '@domain/uploads/upload';
import { UPLOAD_STATUS_LABELS } from '@domain/uploads/upload-rules';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatCount } from '@web/lib/format';

const COLORS = {
  queued: 'default',
  processing: 'info',
  completed: 'success',
  completedWithErrors: 'warning',
  failed: 'error',
} as const;

export function UploadStatusChip({ status }: { status: UploadSummary['status'] }) {
  // The coloured border says the kind; the text stays dark enough to read (axe contrast).
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={UPLOAD_STATUS_LABELS[status]}
      sx={{ color: 'text.primary' }}
    />
  );
}

/** Rows processed out of the total, as a bar while the batch runs and as counts after. */
export function UploadProgress({ upload }: { upload: UploadSummary }) {
  const done = upload.succeededRows + upload.failedRows;
  const active = upload.status === 'queued' || upload.status === 'processing';
  return (
    <Box sx={{ minWidth: 160 }}>
      {active && (
        <LinearProgress
          variant="determinate"
          value={upload.progress}
          aria-label={`Batch ${upload.id} progress`}
          sx={{ mb: 0.5, height: 8, borderRadius: 1 }}
        />
      )}
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(done)} of {formatCount(upload.totalRows)} rows · {formatCount(upload.succeededRows)}{' '}
        succeeded · {formatCount(upload.failedRows)} failed
      </Typography>
    </Box>
  );
}
