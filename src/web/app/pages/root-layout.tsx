import { LoadingBar } from '@web/components/loading-bar';
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
  return <LoadingBar label="Loading the back office" />;
}
