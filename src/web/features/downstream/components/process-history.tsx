import type { ProcessEvent } from '@domain/downstream/downstream';
import { processActionLabel } from '@domain/downstream/process-words';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The order's recorded changes, each with up to six of its field changes. */
export function ProcessHistory({ events }: { events: ProcessEvent[] }) {
  if (events.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No changes recorded for this order yet.
      </Typography>
    );
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {events.map((e) => (
        <Box component="li" key={e.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {processActionLabel(e.action)}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {formatDateTime(e.dateChangedUTC)} · {e.changedByName ?? e.changedBy}
          </Typography>
          {e.changes.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, fontSize: 13, overflowWrap: 'anywhere' }}>
              {e.changes.slice(0, 6).map((c) => (
                <li key={c.path}>
                  {c.path}: {show(c.before)} → {show(c.after)}
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
