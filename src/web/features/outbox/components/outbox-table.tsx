import type { OutboxMessageSummary } from '@domain/platform/outbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';
import { hiddenLinksLabel } from './hidden-links';
import { OutboxStatusChip } from './outbox-status-chip';

interface OutboxTableProps {
  messages: OutboxMessageSummary[];
  onOpen: (id: number) => void;
}

/** Columns that only fit from tablet width up. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function OutboxTable({ messages, onOpen }: OutboxTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Outbox messages">
        <TableHead>
          <TableRow>
            <TableCell sx={wide}>Created</TableCell>
            <TableCell>Message</TableCell>
            <TableCell sx={wide}>Channel</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right" sx={wide}>
              Attempts
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((m) => (
            <TableRow key={m.id} hover onClick={() => onOpen(m.id)} sx={{ cursor: 'pointer' }}>
              <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>
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
                  <Typography
                    variant="caption"
                    component="p"
                    sx={{ color: 'error.main', overflowWrap: 'anywhere' }}
                  >
                    {m.lastError}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={wide}>{m.channel}</TableCell>
              <TableCell>
                <OutboxStatusChip status={m.status} />
              </TableCell>
              <TableCell align="right" sx={wide}>
                {m.attempts}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
