import { INCENTIVE_MESSAGES } from '@domain/incentives';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { EmptyState } from '@web/components/empty-state';
import { LoadingBar } from '@web/components/loading-bar';
import { errorMessage } from '@web/lib/api-client';
import { useMilestones } from '../api/incentives';
import { usePeriod } from '../hooks/use-period';
import { CountingPanel } from './counting-panel';
import { MilestoneEditor } from './milestone-editor';
import { MilestoneProgressCard } from './milestone-progress';
import { PeriodSelect } from './period-select';

/** Milestones screen (spec 3 §2): the milestone's values, a period selector and the period's progress. */
export function MilestoneScreen({ name }: { name: string }) {
  const milestones = useMilestones();
  const { periods, list, period, setPeriod } = usePeriod();
  if (milestones.isLoading) return <LoadingBar label="Loading milestone" />;
  if (milestones.isError) return <EmptyState title={errorMessage(milestones.error)} />;
  const milestone = milestones.data?.find((m) => m.name === name);
  if (!milestone) return <EmptyState title={INCENTIVE_MESSAGES.noData} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <MilestoneEditor key={milestone.updatedAt} milestone={milestone} />
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        {periods.isLoading && <LoadingBar label="Loading periods" />}
        {periods.isError && <span role="alert">{errorMessage(periods.error)}</span>}
        {period && <PeriodSelect periods={list} value={period} onChange={setPeriod} />}
        {period && <CountingPanel period={period} />}
      </Paper>
      {period && <MilestoneProgressCard name={name} period={period} />}
    </Box>
  );
}
