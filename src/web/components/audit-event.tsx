import type { AuditDifference, AuditEvent } from '@domain/accounts/audit';
import { pathLabel } from '@domain/accounts/audit-words';
import {
  type AuditNames,
  collectionLabel,
  type DescribedRow,
  describeEvent,
  NO_NAMES,
} from '@domain/audit/describe';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';
import { useId, useState } from 'react';

// Change events on screen: the account audit and the order audit show them the same way, as a
// sentence and a table in words; the raw differences (DifferenceList) stay one click away, and
// the promo rule history compares versions with them.

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

/** Keys for rows whose labels may repeat (two lines of an order): the label and its occurrence. */
function keyed(rows: DescribedRow[]) {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const n = (seen.get(row.field) ?? 0) + 1;
    seen.set(row.field, n);
    return { key: `${row.field}#${n}`, row };
  });
}

/** A described event's before/after table: field, before and after in words and money. */
function ReadableChanges({ rows, caption }: { rows: DescribedRow[]; caption: string }) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        tableLayout: 'fixed',
        '& th, & td': {
          textAlign: 'left',
          verticalAlign: 'top',
          py: 0.75,
          pr: 1,
          borderTop: 1,
          borderColor: 'divider',
          overflowWrap: 'anywhere',
          typography: 'body2',
        },
        '& thead th': { color: 'text.secondary', fontWeight: 600, borderTop: 0 },
        '& tbody th': { fontWeight: 600 },
      }}
    >
      <Box component="caption" sx={srOnly}>
        {caption}
      </Box>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ width: '36%' }}>
            Field
          </Box>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keyed(rows).map(({ key, row: r }) => (
          <tr key={key}>
            <th scope="row">{r.field}</th>
            <Box component="td" sx={{ color: 'text.secondary' }}>
              {r.before}
            </Box>
            <td>{r.after}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** The event's differences as recorded (record keys, cents), for developers, one click away. */
function RawChange({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (event.differences.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        startIcon={open ? <ExpandLess /> : <ExpandMore />}
      >
        {open ? 'Hide raw change' : 'Show raw change'}
      </Button>
      <Box id={id} hidden={!open}>
        {open && (
          <>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {event.action} · {event.collection} · {event.changedBy}
            </Typography>
            <DifferenceList differences={event.differences} />
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * One change event as a team lead reads it: a sentence, then the fields before and after in words
 * and money (src/domain/audit/describe.ts), with the raw record one click away.
 */
export function AuditEventCard({ event, names = NO_NAMES }: { event: AuditEvent; names?: AuditNames }) {
  const described = describeEvent(event, names);
  const headingId = useId();
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Typography variant="subtitle2" component="h3" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {described.sentence}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5, mb: 1 }}>
        <Chip size="small" variant="outlined" label={collectionLabel(event.collection)} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatDateTime(event.dateChangedUTC)} · {described.who}
        </Typography>
      </Box>
      {described.rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No field changes recorded.
        </Typography>
      ) : (
        <ReadableChanges rows={described.rows} caption={`What changed: ${described.sentence}`} />
      )}
      <RawChange event={event} />
    </Paper>
  );
}
