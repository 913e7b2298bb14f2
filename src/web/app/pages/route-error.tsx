import Button from '@mui/material/Button';
import { ErrorView, GENERIC_ERROR_TEXT } from '@web/components/error-view';
import { isChunkLoadError } from '@web/lib/chunk-load';
import { useEffect } from 'react';
import { Link as RouterLink, useRouteError } from 'react-router';

const CHUNK_DETAIL =
  'Chunk load error: a part of the application could not be loaded in time. Check the connection and refresh the page.';

/** The router's error element: the generic error text, in the shell or on a page of its own. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return (
    <ErrorView
      message={GENERIC_ERROR_TEXT}
      detail={isChunkLoadError(error) ? CHUNK_DETAIL : undefined}
      fullPage={fullPage}
      actions={
        <Button component={RouterLink} to="/" reloadDocument variant="outlined">
          Go to the dashboard
        </Button>
      }
    />
  );
}

export function FullPageRouteError() {
  return <RouteError fullPage />;
}
