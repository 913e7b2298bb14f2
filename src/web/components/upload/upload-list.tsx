import type { UploadSummary } from '@domain/uploads/upload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { resultCsvUrl, type UploadBase } from './upload-api';
import { UploadProgress, UploadStatusChip } from './upload-progress';

interface UploadListProps<S extends UploadSummary> {
  base: UploadBase;
  label: string;
  query: { data?: S[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Extra cells after the file name (e.g. the order type) and their header. */
  extra?: { header: string; cell: (s: S) => ReactNode };
  /** Links of a row (details, failed rows …). */
  actions: (s: S) => ReactNode;
  emptyIcon: ReactNode;
}

/** The uploads of one kind, newest first, with status, counts and a progress bar while running. */
export function UploadList<S extends UploadSummary>({
  base,
  label,
  query,
  extra,
  actions,
  emptyIcon,
}: UploadListProps<S>) {
  if (query.isPending)
    return (
      <Stack spacing={1} aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={52} />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => query.refetch()}>Try again</Button>}>
        {errorMessage(query.error, `The ${label} could not be loaded.`)}
      </Alert>
    );
  const items = query.data ?? [];
  if (items.length === 0)
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={emptyIcon}
          title={`No ${label} yet`}
          description="Upload a CSV file to start one."
        />
      </Paper>
    );
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={`${label} list`}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Batch</TableCell>
            <TableCell>File</TableCell>
            {extra && <TableCell>{extra.header}</TableCell>}
            <TableCell>Status</TableCell>
            <TableCell>Rows</TableCell>
            <TableCell>Uploaded</TableCell>
            <TableCell>Results</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((s) => (
            <TableRow key={s.id} data-testid={`upload-${s.id}`}>
              <TableCell>{s.id}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{s.fileName}</TableCell>
              {extra && <TableCell>{extra.cell(s)}</TableCell>}
              <TableCell>
                <UploadStatusChip status={s.status} />
              </TableCell>
              <TableCell>
                <UploadProgress upload={s} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                {formatDateTime(s.createdAt)}
                <br />
                {s.createdBy}
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ minWidth: 110 }}>
                  {actions(s)}
                  <Link href={resultCsvUrl(base, s.id)} download>
                    Result CSV
                  </Link>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
