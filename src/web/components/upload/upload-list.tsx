import type { UploadSummary } from '@domain/uploads/upload';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardActions, CardFields, CardTitle } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
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
  const columns: DataTableColumn<S>[] = [
    { key: 'batch', header: 'Batch', cell: (s) => s.id },
    {
      key: 'file',
      header: extra ? `File · ${extra.header}` : 'File',
      cellSx: { overflowWrap: 'anywhere', minWidth: 140 },
      cell: (s) => (
        <>
          {s.fileName}
          {extra && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {extra.cell(s)}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (s) => <UploadStatusChip status={s.status} /> },
    { key: 'rows', header: 'Rows', cell: (s) => <UploadProgress upload={s} /> },
    {
      key: 'uploaded',
      header: 'Uploaded',
      cellSx: { minWidth: 150, overflowWrap: 'anywhere' },
      cell: (s) => (
        <>
          {formatDateTime(s.createdAt)}
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {s.createdBy}
          </Typography>
        </>
      ),
    },
    {
      key: 'results',
      header: 'Results',
      cell: (s) => <Actions base={base} upload={s} actions={actions} direction="column" />,
    },
  ];
  const card = (s: S) => (
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
  );
  // Secondary values (the extra column, the uploader) sit under the main one of their cell so the
  // table fits beside the docked menu at 1280.
  return (
    <DataTable
      label={label}
      region={`${label} list`}
      paper
      hover={false}
      columns={columns}
      rows={query.data ?? []}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ 'data-testid': `upload-${s.id}` })}
      loading={
        query.isPending && (
          <Stack spacing={1} role="status" aria-busy="true" aria-label={`Loading ${label}`}>
            {[0, 1, 2].map((i) => (
              <Placeholder key={i} height={52} />
            ))}
          </Stack>
        )
      }
      error={query.error}
      errorText={`The ${label} could not be loaded.`}
      onRetry={() => query.refetch()}
      empty={
        <Paper variant="outlined">
          <EmptyState
            icon={emptyIcon}
            title={`No ${label} yet`}
            description="Upload a CSV file to start one."
          />
        </Paper>
      }
      card={card}
      cardProps={{ itemLabel: (s) => `Batch ${s.id}` }}
    />
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
