import type { Preview } from '@domain/uploads/upload';
import { columnLabel } from '@domain/uploads/upload-rules';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type UploadBase, useConfirmUpload, usePreview } from './upload-api';

/** Rows of a preview shown at once; problems first. Every row is checked whatever is shown. */
const SHOWN = 100;

interface UploadPanelProps {
  base: UploadBase;
  /** The columns the file needs, as help under the picker. */
  help: ReactNode;
  columns: readonly string[];
  onConfirmed: (id: number) => void;
}

/** Choose a CSV → preview of every row validated → confirm once (idempotency key per preview). */
export function UploadPanel({ base, help, columns, onConfirmed }: UploadPanelProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<(Preview & { key: string }) | null>(null);
  const previewCall = usePreview(base);
  const confirm = useConfirmUpload(base);
  const alert = useAlert();

  const reset = () => {
    setFile(null);
    setPreview(null);
    previewCall.reset();
    confirm.reset();
    if (input.current) input.current.value = '';
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setPreview(null);
    confirm.reset();
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    previewCall.mutate(
      { fileName: chosen.name, csv },
      { onSuccess: (data) => setPreview({ ...data, key: crypto.randomUUID() }) },
    );
  };

  const submit = () => {
    if (!file || !preview) return;
    confirm.mutate(
      { fileName: file.name, csv: file.csv, idempotencyKey: preview.key },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          reset();
          onConfirmed(answer.data.id);
        },
      },
    );
  };

  const shown = preview
    ? [...preview.rows.filter((r) => !r.ok), ...preview.rows.filter((r) => r.ok)].slice(0, SHOWN)
    : [];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid={`${base}-file`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button
            variant="contained"
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={previewCall.isPending || confirm.isPending}
          >
            Choose CSV file
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Stack>
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          {help}
        </Typography>
        {previewCall.isPending && <Alert severity="info">Checking every row…</Alert>}
        {previewCall.isError && (
          <Alert severity="error">{errorMessage(previewCall.error, 'The file could not be read.')}</Alert>
        )}
        {preview && (
          <>
            <Alert severity={preview.invalid > 0 ? 'warning' : 'success'}>
              {formatCount(preview.total)} rows checked: {formatCount(preview.valid)} ready,{' '}
              {formatCount(preview.invalid)} with errors.
              {preview.invalid > 0 &&
                ' Rows with errors are kept as failed rows, to correct and retry after confirming.'}
            </Alert>
            <TableContainer sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label="Preview rows">
              <Table size="small" stickyHeader aria-label="Preview of the file">
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    {columns.map((c) => (
                      <TableCell key={c}>{columnLabel(c)}</TableCell>
                    ))}
                    <TableCell>Check</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((r) => (
                    <TableRow key={r.rowNo} data-testid="preview-row">
                      <TableCell>{r.rowNo}</TableCell>
                      {columns.map((c) => (
                        <TableCell key={c} sx={{ overflowWrap: 'anywhere' }}>
                          {r.values[c] ?? ''}
                        </TableCell>
                      ))}
                      <TableCell sx={{ color: r.ok ? 'success.dark' : 'error.dark', minWidth: 200 }}>
                        {r.ok ? 'OK' : r.error}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {preview.total > shown.length && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Showing {shown.length} of {formatCount(preview.total)} rows, rows with errors first.
              </Typography>
            )}
            {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                onClick={submit}
                disabled={confirm.isPending || preview.valid === 0}
              >
                Confirm and apply {formatCount(preview.valid)} rows
              </Button>
              <Button onClick={reset} disabled={confirm.isPending}>
                Cancel
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}
