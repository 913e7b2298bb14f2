import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessage } from '@web/lib/api-client';

/** A spinner announced as `label`; `page` gives a whole record screen more room than a section. */
export function Loading({ label, page = false }: { label: string; page?: boolean }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: page ? 10 : 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function LoadError({ error }: { error: unknown }) {
  return <Alert severity="error">{errorMessage(error, 'This could not be loaded. Please try again.')}</Alert>;
}
