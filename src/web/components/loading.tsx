import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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

interface LoadErrorProps {
  error: unknown;
  /** What to say when the error carries no message of its own. */
  fallback?: string;
  /** Offers "Try again", which calls this. */
  onRetry?: () => void;
}

export function LoadError({
  error,
  fallback = 'This could not be loaded. Please try again.',
  onRetry,
}: LoadErrorProps) {
  return (
    <Alert severity="error" action={onRetry && <Button onClick={onRetry}>Try again</Button>}>
      {errorMessage(error, fallback)}
    </Alert>
  );
}
