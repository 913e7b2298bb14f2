import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessage } from '@web/lib/api-client';

export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress />
    </Box>
  );
}

export function LoadError({ error }: { error: unknown }) {
  return <Alert severity="error">{errorMessage(error, 'This could not be loaded. Please try again.')}</Alert>;
}
