import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { LoadingBar } from '@web/components/loading-bar';
import { useNavigation } from 'react-router';

/** The thin bar at the very top while anything loads: queries, mutations, lazy route chunks (spec 1 §2). */
export function ProgressBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching > 0 || mutating > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return <LoadingBar label="Loading" testId="progress-bar" />;
}
