import Button from '@mui/material/Button';
import { ErrorView, GENERIC_ERROR_TEXT } from '@web/components/error-view';
import { Link as RouterLink } from 'react-router';

/** /error: the generic error page, without chrome (spec 1 §2). */
export function ErrorPage() {
  return (
    <ErrorView
      message={GENERIC_ERROR_TEXT}
      fullPage
      actions={
        <Button component={RouterLink} to="/" variant="outlined">
          Go to the dashboard
        </Button>
      }
    />
  );
}
