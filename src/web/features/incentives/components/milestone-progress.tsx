import { MARKETS, type MarketProgress, type Period } from '@domain/incentives';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadingBar } from '@web/components/loading-bar';
import { errorMessage } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format';
import { useMilestoneProgress } from '../api/incentives';
import { periodLabel } from './labels';

// Progress figures for the period (spec 3 §2 Milestones screen: how many reached, per market, with a chart): one
// bar per figure and market, drawn as plain boxes, with the figures in the label for readers.

const FIGURES = [
  { key: 'participants', label: 'New consultants', color: 'grey.500' },
  { key: 'succeeded', label: 'Reached', color: 'primary.main' },
  { key: 'finished', label: 'Window closed', color: 'secondary.main' },
  { key: 'paid', label: 'Paid', color: 'success.main' },
] as const;

function MarketBars({ label, progress, max }: { label: string; progress: MarketProgress; max: number }) {
  const summary = FIGURES.map((f) => `${f.label} ${progress[f.key]}`).join(', ');
  return (
    <Box role="img" aria-label={`${label}: ${summary}`} sx={{ display: 'grid', gap: 0.75 }}>
      <Typography variant="subtitle2" component="p">
        {label}
      </Typography>
      {FIGURES.map((f) => (
        <Box
          key={f.key}
          sx={{ display: 'grid', gridTemplateColumns: '7.5rem 1fr 3.5rem', alignItems: 'center', gap: 1 }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {f.label}
          </Typography>
          <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: 14, overflow: 'hidden' }}>
            <Box
              sx={{
                bgcolor: f.color,
                height: '100%',
                width: `${max ? (progress[f.key] / max) * 100 : 0}%`,
                minWidth: progress[f.key] ? 2 : 0,
              }}
            />
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(progress[f.key])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function MilestoneProgressCard({ name, period }: { name: string; period: Period }) {
  const progress = useMilestoneProgress(name, period);
  const rows = MARKETS.map(
    (m) =>
      progress.data?.find((p) => p.countryId === m.countryId) ?? {
        countryId: m.countryId,
        participants: 0,
        succeeded: 0,
        finished: 0,
        paid: 0,
      },
  );
  const max = Math.max(1, ...rows.map((r) => r.participants));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="progress-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="progress-title" variant="h2" sx={{ fontSize: 18, mb: 2 }}>
        Progress in {periodLabel(period)}
      </Typography>
      {progress.isLoading && <LoadingBar label="Loading progress" />}
      {progress.isError && (
        <Typography role="alert" color="error">
          {errorMessage(progress.error)}
        </Typography>
      )}
      {progress.data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {rows.map((r) => (
            <MarketBars
              key={r.countryId}
              label={MARKETS.find((m) => m.countryId === r.countryId)!.label}
              progress={r}
              max={max}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
