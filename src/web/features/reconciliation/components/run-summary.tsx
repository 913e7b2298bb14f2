import {
  DISCREPANCY_KIND_LABELS,
  DISCREPANCY_KINDS,
  type ReconciliationRun,
  runTotals,
} from '@domain/reconciliation/reconciliation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@web/components/section-card';
import { formatCount, formatDateTime } from '@web/lib/format';

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;

function runLine(run: ReconciliationRun) {
  const how = run.trigger === 'nightly' ? 'nightly run' : `run by ${run.requestedBy ?? 'staff'}`;
  const took =
    run.startedAt && run.finishedAt
      ? `, took ${seconds(new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime())}`
      : '';
  return `${formatDateTime(run.finishedAt)} (${how}${took})`;
}

/** The latest finished run: when, and per kind what it found, first saw and resolved. */
export function RunSummary({
  latest,
  active,
}: {
  latest: ReconciliationRun | null;
  active: ReconciliationRun | null;
}) {
  const totals = latest ? runTotals(latest.counts) : null;
  return (
    <SectionCard title="Last run">
      {active && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {active.status === 'queued' ? 'A run is queued' : 'A run is under way'} (started{' '}
          {formatDateTime(active.startedAt ?? active.createdAt)}). This page updates when it ends.
        </Alert>
      )}
      {!latest ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No run yet. Runs take place every night; Run now checks at once.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">{runLine(latest)}</Typography>
          {latest.status === 'failed' && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {latest.error ?? 'The run did not finish.'}
            </Alert>
          )}
          {totals && (
            <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
              {formatCount(totals.found)} found · {formatCount(totals.new)} new ·{' '}
              {formatCount(totals.resolved)} resolved
            </Typography>
          )}
          <Box
            component="ul"
            aria-label="Counts per kind"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 0.75 }}
          >
            {DISCREPANCY_KINDS.map((kind) => {
              const c = latest.counts[kind];
              return (
                <Box
                  component="li"
                  key={kind}
                  sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}
                >
                  <Typography variant="body2">{DISCREPANCY_KIND_LABELS[kind]}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: c && c.found > 0 ? 700 : 400 }}>
                    {c
                      ? `${formatCount(c.found)} found · ${formatCount(c.new)} new · ${formatCount(c.resolved)} resolved`
                      : 'not checked'}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </SectionCard>
  );
}
