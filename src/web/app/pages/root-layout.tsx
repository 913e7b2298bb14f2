import LinearProgress from '@mui/material/LinearProgress';
import { Outlet } from 'react-router';
import { DocumentTitle } from '../shell/document-title';
import { ProgressBar } from '../shell/progress-bar';

/** Wraps every route, with or without chrome: the loading bar and the tab title. */
export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <DocumentTitle />
      <Outlet />
    </>
  );
}

/** First load, before the session check and the first screen's chunk have arrived. */
export function InitialLoading() {
  return (
    <LinearProgress
      color="secondary"
      aria-label="Loading the back office"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3 }}
    />
  );
}
