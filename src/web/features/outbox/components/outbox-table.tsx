import type { OutboxMessageSummary } from '@domain/platform/outbox';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { formatDateTime } from '@web/lib/format';
import { hiddenLinksLabel } from './hidden-links';
import { OutboxStatusChip } from './outbox-status-chip';

interface OutboxTableProps {
  messages: OutboxMessageSummary[];
  onOpen: (id: number) => void;
}

/** Columns that only fit from tablet width up. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

function Message({ m, onOpen }: { m: OutboxMessageSummary; onOpen: (id: number) => void }) {
  return (
    <>
      {/* The link is the keyboard path to the detail; the row click is a convenience. */}
      <Link
        component="button"
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          onOpen(m.id);
        }}
        sx={{ textAlign: 'left', fontWeight: 600, fontSize: 14 }}
      >
        {m.subject ?? m.template}
      </Link>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {m.toAddress ?? '—'} · {m.template}
        {m.hiddenLinks.length > 0 && ` · ${hiddenLinksLabel(m.hiddenLinks)}`}
      </Typography>
      {m.lastError && (
        <Typography variant="caption" component="p" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
          {m.lastError}
        </Typography>
      )}
    </>
  );
}

export function OutboxTable({ messages, onOpen }: OutboxTableProps) {
  const columns: DataTableColumn<OutboxMessageSummary>[] = [
    {
      key: 'created',
      header: 'Created',
      sx: wide,
      cellSx: { whiteSpace: 'nowrap' },
      cell: (m) => formatDateTime(m.createdAt),
    },
    {
      key: 'message',
      header: 'Message',
      cellSx: { maxWidth: 420 },
      cell: (m) => <Message m={m} onOpen={onOpen} />,
    },
    { key: 'channel', header: 'Channel', sx: wide, cell: (m) => m.channel },
    { key: 'status', header: 'Status', cell: (m) => <OutboxStatusChip status={m.status} /> },
    { key: 'attempts', header: 'Attempts', align: 'right', sx: wide, cell: (m) => m.attempts },
  ];
  return (
    <DataTable
      label="Outbox messages"
      columns={columns}
      rows={messages}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ onClick: () => onOpen(m.id) })}
    />
  );
}
