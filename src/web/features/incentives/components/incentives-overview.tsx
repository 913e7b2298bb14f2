import { type Milestone, milestoneLabel, REWARD_TYPE } from '@domain/incentives';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@web/components/empty-state';
import { LoadingBar } from '@web/components/loading-bar';
import { errorMessage } from '@web/lib/api-client';
import { Link as RouterLink } from 'react-router';
import { useMilestones } from '../api/incentives';

const reward = (r: Milestone['enrollerRewards'][number]) =>
  `${r.name} $${r.value}${r.typeId === REWARD_TYPE.productCredit ? ' credit' : ''}`;

function MilestoneCard({ m }: { m: Milestone }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${m.name}-title`}
      sx={{ p: 2.5, display: 'grid', gap: 1 }}
    >
      <Typography id={`${m.name}-title`} variant="h2" sx={{ fontSize: 18 }}>
        {milestoneLabel(m.name)}
      </Typography>
      <Typography variant="body2" component="div">
        <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
          {m.participantRequirements.map((r) => (
            <li key={r.id}>
              {r.name}: {r.value}
            </li>
          ))}
        </Box>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Participant: {m.participantRewards.map(reward).join(', ') || 'none'} · Enroller:{' '}
        {m.enrollerRewards.map(reward).join(', ') || 'none'}
      </Typography>
      <Box>
        <Button component={RouterLink} to={`/incentives/${m.name}`} size="small">
          Open {milestoneLabel(m.name)}
        </Button>
      </Box>
    </Paper>
  );
}

/** The incentives landing (spec 3 §2 /incentives): the milestones and the way to enroller payouts. */
export function IncentivesOverview() {
  const milestones = useMilestones();
  if (milestones.isLoading) return <LoadingBar label="Loading milestones" />;
  if (milestones.isError) return <EmptyState title={errorMessage(milestones.error)} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {milestones.data?.map((m) => (
          <MilestoneCard key={m.name} m={m} />
        ))}
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="payouts-title"
        sx={{ p: 2.5, display: 'grid', gap: 1 }}
      >
        <Typography id="payouts-title" variant="h2" sx={{ fontSize: 18 }}>
          Enroller payouts
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Count a period, then pay enrollers whose new consultants reached a milestone.
        </Typography>
        <Box>
          <Button component={RouterLink} to="/incentives/enrollers" variant="contained" size="small">
            Open enroller payouts
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
