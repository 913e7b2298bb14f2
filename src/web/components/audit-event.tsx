import { type AuditDifference, type AuditEvent, pathLabel } from '@domain/accounts/audit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';

// One change event as a readable before/after diff: the account audit and the order audit show
// change events the same way.

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

/** Differences as before/after rows (a change event's, or two versions of a record). */
export function DifferenceList({ differences }: { differences: readonly AuditDifference[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {differences.map((d) => (
        <DifferenceRow key={`${pathLabel(d.path)}-${d.kind}`} d={d} />
      ))}
    </Box>
  );
}

export function AuditEventCard({ event }: { event: AuditEvent }) {
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
        <DifferenceList differences={event.differences} />
      )}
    </Paper>
  );
}
