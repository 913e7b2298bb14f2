import type { RetryOutcome } from '@domain/downstream/failed';
import Chip from '@mui/material/Chip';

const LOOK: Record<RetryOutcome, { label: string; color: 'success' | 'error' | 'info' | 'default' }> = {
  exported: { label: 'Exported', color: 'success' },
  failed: { label: 'Failed again', color: 'error' },
  queued: { label: 'Queued', color: 'info' },
  alreadyResolved: { label: 'Already resolved', color: 'default' },
  notFound: { label: 'Not found', color: 'default' },
};

export function RetryOutcomeChip({ outcome }: { outcome: RetryOutcome }) {
  const look = LOOK[outcome];
  return <Chip size="small" variant="outlined" label={look.label} color={look.color} />;
}
