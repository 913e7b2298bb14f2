import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';

/** Where a screen sent the agent away from, carried in the navigation state. */
export interface ReturnTo {
  /** Why the agent landed here (the spec's message). */
  message: string;
  label: string;
  to: string;
}

export const returnState = (returnTo: ReturnTo) => ({ returnTo });

/**
 * A screen that sends the agent elsewhere (the spec's empty-cart checkout goes to the root path) leaves
 * the way back on the screen it lands on, with the reason, until the agent moves on.
 */
export function ReturnBanner() {
  const state = useLocation().state as { returnTo?: ReturnTo } | null;
  const back = state?.returnTo;
  if (!back) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to={back.to} color="inherit" size="small">
          {back.label}
        </Button>
      }
    >
      {back.message}
    </Alert>
  );
}
