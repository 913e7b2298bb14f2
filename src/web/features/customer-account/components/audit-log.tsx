import { type AuditDifference, type AuditEvent, pathLabel } from '@domain/accounts/audit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useAudit } from '../api/account';

/** Read by screen readers only: which side of the diff a value is on. */
const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const KIND_LABEL: Record<AuditDifference['kind'], string> = {
  N: 'added',
  D: 'removed',
  E: 'changed',
  A: 'list item',
};

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function DifferenceRow({ d }: { d: AuditDifference }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr 2fr' },
        gap: { xs: 0.25, sm: 1 },
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {pathLabel(d.path)}{' '}
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          ({KIND_LABEL[d.kind]})
        </Typography>
      </Typography>
      <Typography
        variant="body2"
        sx={{
          overflowWrap: 'anywhere',
          textDecoration: d.lhs !== undefined ? 'line-through' : undefined,
          color: 'text.secondary',
        }}
      >
        <Box component="span" sx={srOnly}>
          Before:{' '}
        </Box>
        {show(d.lhs)}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={srOnly}>
          After:{' '}
        </Box>
        {show(d.rhs)}
      </Typography>
    </Box>
  );
}

function EventCard({ event }: { event: AuditEvent }) {
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: 2 }}
      aria-label={`${event.action} on ${formatDateTime(event.dateChangedUTC)}`}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {event.action}
        </Typography>
        <Chip size="small" variant="outlined" label={event.collection} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatDateTime(event.dateChangedUTC)} ·{' '}
          {event.changedByName ? `${event.changedByName} (${event.changedBy})` : event.changedBy}
        </Typography>
      </Box>
      {event.differences.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No field changes recorded.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {event.differences.map((d) => (
            <DifferenceRow key={`${pathLabel(d.path)}-${d.kind}`} d={d} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

export interface AuditFilters {
  collection: string;
  changedBy: string;
  page: number;
}

/** The account change log (spec 1 §2 Audit): a before/after diff per change, filterable. */
export function AuditLog({
  uid,
  filters,
  onChange,
}: {
  uid: string;
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const audit = useAudit(uid, {
    collection: filters.collection || undefined,
    changedBy: filters.changedBy || undefined,
    page: filters.page,
  });
  const options = audit.data?.filters;
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.limit)) : 1;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
        role="search"
        aria-label="Filter the change log"
      >
        <TextField
          select
          size="small"
          label="Collection"
          value={filters.collection}
          onChange={(e) => onChange({ ...filters, collection: e.target.value, page: 1 })}
          sx={{ minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All collections</MenuItem>
          {options?.collections.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Staff member"
          value={filters.changedBy}
          onChange={(e) => onChange({ ...filters, changedBy: e.target.value, page: 1 })}
          sx={{ minWidth: 220 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {options?.changedBy.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {audit.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : audit.isError ? (
        <Alert severity="error">{errorMessage(audit.error, 'The change log could not be loaded.')}</Alert>
      ) : audit.data.data.length === 0 ? (
        <EmptyState title="No changes recorded" description="Changes made to this account appear here." />
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {audit.data.total} change(s) · page {filters.page} of {pages}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {audit.data.data.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button
              disabled={filters.page <= 1}
              onClick={() => onChange({ ...filters, page: filters.page - 1 })}
            >
              Newer
            </Button>
            <Button
              disabled={filters.page >= pages}
              onClick={() => onChange({ ...filters, page: filters.page + 1 })}
            >
              Older
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
