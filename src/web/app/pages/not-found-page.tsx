import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { EmptyState } from '@web/components/empty-state';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <EmptyState
      size="full"
      pageTitle
      icon={<SearchOff />}
      title="Page not found"
      description="Nothing lives at this address. Check the link, or choose a screen from the menu."
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          Go to the dashboard
        </Button>
      }
    />
  );
}
