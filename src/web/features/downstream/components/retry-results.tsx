import type { RetryResult } from '@domain/downstream/failed';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RetryOutcomeChip } from './retry-outcome-chip';

/** The last retry's outcome per failed order, under the label it had (the row may have gone). */
export function RetryResults({
  results,
  onClose,
}: {
  results: { label: string; result: RetryResult }[];
  onClose: () => void;
}) {
  return (
    <Alert severity="info" sx={{ mb: 2 }} onClose={onClose}>
      <Typography variant="subtitle2" component="h2">
        Retry results
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {results.map(({ label, result }) => (
          <li key={result.id}>
            <strong>{label}</strong>: <RetryOutcomeChip outcome={result.outcome} /> {result.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
