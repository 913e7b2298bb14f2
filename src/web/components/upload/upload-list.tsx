import type { UploadSummary } from '@domain/uploads/upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import { CardActions, CardFields, CardList, CardTitle, useCardLayout } from '@web/components/card-list';
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
  const cards = useCardLayout();
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
  if (cards)
    return (
      <CardList label={label} items={items} itemKey={(s) => s.id} itemLabel={(s) => `Batch ${s.id}`}>
        {(s) => (
          <Box data-testid={`upload-${s.id}`}>
            <CardTitle aside={<UploadStatusChip status={s.status} />}>
              <Typography variant="subtitle2" component="p">
                Batch {s.id}
              </Typography>
            </CardTitle>
            <CardFields
              fields={[
                ['File', s.fileName],
                ...(extra ? [[extra.header, extra.cell(s)] as [string, ReactNode]] : []),
                ['Rows', <UploadProgress key="rows" upload={s} />],
                ['Uploaded', `${formatDateTime(s.createdAt)} · ${s.createdBy}`],
              ]}
            />
            <CardActions>
              <Actions base={base} upload={s} actions={actions} direction="row" />
            </CardActions>
          </Box>
        )}
      </CardList>
    );
  // Secondary values (the extra column, the uploader) sit under the main one of their cell so the
  // table fits beside the docked menu at 1280.
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
            <TableCell>{extra ? `File · ${extra.header}` : 'File'}</TableCell>
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
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                {s.fileName}
                {extra && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {extra.cell(s)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <UploadStatusChip status={s.status} />
              </TableCell>
              <TableCell>
                <UploadProgress upload={s} />
              </TableCell>
              <TableCell sx={{ minWidth: 150, overflowWrap: 'anywhere' }}>
                {formatDateTime(s.createdAt)}
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {s.createdBy}
                </Typography>
              </TableCell>
              <TableCell>
                <Actions base={base} upload={s} actions={actions} direction="column" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Actions<S extends UploadSummary>({
  base,
  upload,
  actions,
  direction,
}: {
  base: UploadBase;
  upload: S;
  actions: (s: S) => ReactNode;
  direction: 'row' | 'column';
}) {
  return (
    <Stack
      direction={direction}
      spacing={direction === 'row' ? 0 : 0.5}
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, minWidth: direction === 'column' ? 96 : 0 }}
    >
      {actions(upload)}
      <Link href={resultCsvUrl(base, upload.id)} download>
        Result CSV
      </Link>
    </Stack>
  );
}
