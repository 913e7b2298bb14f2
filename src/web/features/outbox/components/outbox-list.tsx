import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useLayoutTier } from '@web/lib/use-layout-tier';
import { useState } from 'react';
import { useOutboxMessages } from '../api/outbox';
import { OutboxDetailDialog } from './outbox-detail-dialog';
import { OutboxFilters, type OutboxStatusFilter } from './outbox-filters';
import { OutboxTable } from './outbox-table';

const PAGE_SIZES = [25, 50, 100];

/** /outbox: every email and event the back office queued, newest first. */
export function OutboxList() {
  const [status, setStatus] = useState<OutboxStatusFilter>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [openId, setOpenId] = useState<number | null>(null);
  const search = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const list = useOutboxMessages({ status: status || undefined, q: search || undefined, page, limit });
  const messages = list.data?.data ?? [];
  const phone = useLayoutTier() === 'phone';

  let body = null;
  if (list.isPending) {
    body = (
      <Stack spacing={1} sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading messages">
        {[0, 1, 2, 3].map((i) => (
          <Placeholder key={i} height={52} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={<Button onClick={() => list.refetch()}>Try again</Button>}
      >
        {errorMessage(list.error, 'The outbox could not be loaded.')}
      </Alert>
    );
  } else if (messages.length === 0) {
    body = (
      <EmptyState
        icon={<MarkEmailReadOutlined />}
        title={status || search ? 'No messages match' : 'The outbox is empty'}
        description={
          status || search
            ? 'Try another search or status.'
            : 'Emails appear here as soon as they are queued.'
        }
      />
    );
  } else {
    body = <OutboxTable messages={messages} onOpen={setOpenId} />;
  }

  return (
    <Stack spacing={2}>
      <OutboxFilters
        status={status}
        q={q}
        onStatus={(next) => {
          setStatus(next);
          setPage(1);
        }}
        onSearch={(next) => {
          setQ(next);
          setPage(1);
        }}
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {body}
        {list.data && list.data.total > 0 && (
          <TablePagination
            component="div"
            count={list.data.total}
            page={page - 1}
            rowsPerPage={limit}
            // Phones keep just the page arrows; the page size control does not fit beside them.
            rowsPerPageOptions={phone ? [] : PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(1);
            }}
          />
        )}
      </Paper>
      <OutboxDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
