import { LoadingBar } from '@web/components/loading-bar';
import { Outlet } from 'react-router';
import { DocumentTitle } from '../shell/document-title';
import { ProgressBar } from '../shell/progress-bar';
import { ScrollOnNavigate } from '../shell/scroll-on-navigate';

/** Wraps every route, with or without chrome: the loading bar, the tab title and description, and scrolling. */
export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <DocumentTitle />
      <ScrollOnNavigate />
      <Outlet />
    </>
  );
}

/** First load, before the session check and the first screen's chunk have arrived. */
export function InitialLoading() {
  return <LoadingBar label="Loading the back office" />;
}
