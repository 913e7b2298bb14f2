import type { UploadRow } from '@domain/uploads/upload';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { type UploadBase, useCorrectRow, useRetryUpload, useUploadRows } from './upload-api';

interface RowProps {
  base: UploadBase;
  uploadId: number;
  row: UploadRow;
  columns: readonly string[];
  /** Field labels in words, by column. */
  labels: Record<string, string>;
}

interface FailedRowsProps {
  base: UploadBase;
  id: number;
  /** Poll while the upload is queued or processing. */
  running: boolean;
  /** "batch" or "bulk ledger", for the empty state. */
  noun: string;
  columns: readonly string[];
  labels: Record<string, string>;
}

function FailedRow({ base, uploadId, row, columns, labels }: RowProps) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(row.input);
  const correct = useCorrectRow(base, uploadId);
  const retry = useRetryUpload(base, uploadId);
  const alert = useAlert();
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    correct.mutate({ rowId: row.id, input: values }, { onSuccess: (a) => alert.success(a.message) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`failed-row-${row.rowNo}`}>
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>Row {row.rowNo}</Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {columns.map((c) => `${labels[c] ?? c}: ${row.input[c] || '—'}`).join(' · ')}
        </Typography>
        <Alert severity="error">{row.error}</Alert>
        {editing ? (
          <Box component="form" onSubmit={save} noValidate aria-label={`Correct row ${row.rowNo}`}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                mt: 1,
              }}
            >
              {columns.map((c) => (
                <TextField
                  key={c}
                  label={labels[c] ?? c}
                  size="small"
                  value={values[c] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [c]: e.target.value }))}
                />
              ))}
            </Box>
            {correct.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(correct.error)}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" disabled={correct.isPending}>
                Save and retry
              </Button>
              <Button onClick={() => setEditing(false)} disabled={correct.isPending}>
                Cancel
              </Button>
            </Stack>
          </Box>
        ) : (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Correct row {row.rowNo}
            </Button>
            <Button
              size="small"
              disabled={retry.isPending}
              onClick={() => retry.mutate([row.id], { onSuccess: (a) => alert.success(a.message) })}
            >
              Retry as is
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The failed rows of a batch or bulk ledger (DESIGN §5), with their reason: correct a row (checked
 * with the upload's own rules, then applied again), retry one as it is, or retry them all.
 */
export function FailedRows({ base, id, running, noun, columns, labels }: FailedRowsProps) {
  const rows = useUploadRows(base, id, { status: 'failed', limit: 100 }, running);
  const retryAll = useRetryUpload(base, id);
  const [confirming, setConfirming] = useState(false);
  const alert = useAlert();
  if (rows.isPending) return <Typography>Loading failed rows…</Typography>;
  if (rows.isError)
    return <Alert severity="error">{errorMessage(rows.error, 'The rows could not be loaded.')}</Alert>;
  const data = rows.data.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6">
          Failed rows
        </Typography>
        {data.length > 0 && (
          <Button variant="contained" onClick={() => setConfirming(true)}>
            Retry all failed rows
          </Button>
        )}
      </Stack>
      {data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<TaskAltOutlined />}
            title="No failed rows"
            description={`Every row of this ${noun} went through or is still queued.`}
          />
        </Paper>
      ) : (
        data.map((r) => (
          <FailedRow
            key={`${r.id}-${r.updatedAt}`}
            base={base}
            uploadId={id}
            row={r}
            columns={columns}
            labels={labels}
          />
        ))
      )}
      {rows.data.hasMore && (
        <Typography variant="body2">
          The first 100 failed rows are shown; the result CSV lists them all.
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title="Retry every failed row?"
        confirmLabel="Retry all"
        pending={retryAll.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          retryAll.mutate(undefined, {
            onSuccess: (a) => {
              alert.success(a.message);
              setConfirming(false);
            },
            onError: (e) => alert.error(errorMessage(e)),
          })
        }
      >
        Each failed row is checked and applied again as it is. Rows that already succeeded are not touched.
      </ConfirmDialog>
    </Stack>
  );
}
