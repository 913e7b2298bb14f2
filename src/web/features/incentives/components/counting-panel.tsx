import type { CountingRun, Period } from '@domain/incentives/contracts';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { memo, useEffect, useRef } from 'react';
import { useCountingRuns, useRefreshAfterCounting, useStartCounting } from '../api/incentives';
import { marketShort, periodLabel } from './labels';

const active = (r: CountingRun) => r.status === 'queued' || r.status === 'running';

/** Latest run per market. */
function latest(runs: CountingRun[]): CountingRun[] {
  return runs.filter((r, i) => runs.findIndex((x) => x.countryId === r.countryId) === i);
}

const COLORS = { succeeded: 'success', failed: 'error', running: 'info', queued: 'default' } as const;

/**
 * Runs the counting job for the period (DESIGN §5) and shows how its latest runs went. Memoised:
 * it renders with its own answers, not with each of the screen's (ADR 049).
 */
export const CountingPanel = memo(function CountingPanel({ period }: { period: Period }) {
  const alert = useAlert();
  const runs = useCountingRuns(period);
  const start = useStartCounting();
  const refresh = useRefreshAfterCounting();
  const shown = latest(runs.data ?? []);
  const running = shown.some(active);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void refresh();
    wasRunning.current = running;
  }, [running, refresh]);

  return (
    <Box
      component="section"
      aria-label="Counting"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1 }}
    >
      <Button
        variant="outlined"
        startIcon={<PlayArrowOutlined />}
        loading={start.isPending || running}
        loadingPosition="start"
        onClick={() =>
          start.mutate(period, {
            onSuccess: () => alert.show(`Counting ${periodLabel(period)} started.`, 'info'),
            onError: (error) => alert.show(errorMessage(error), 'error'),
          })
        }
      >
        Run counting
      </Button>
      <Box
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {shown.length === 0 && !runs.isLoading && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Not counted from this screen yet.
          </Typography>
        )}
        {shown.map((r) => (
          <Chip
            key={r.jobId}
            size="small"
            variant="outlined"
            color={COLORS[r.status as keyof typeof COLORS] ?? 'default'}
            label={`${marketShort(r.countryId)}: ${r.status}${r.rows != null ? ` · ${r.rows} rows` : ''}${
              r.finishedAt ? ` · ${formatDateTime(r.finishedAt)}` : ''
            }`}
            title={r.error ?? undefined}
          />
        ))}
      </Box>
    </Box>
  );
});
