import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** The thin bar at the very top while anything loads: queries, mutations, lazy route chunks (spec 1 §2). */
export function ProgressBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching > 0 || mutating > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label="Loading"
      data-testid="progress-bar"
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: theme.zIndex.tooltip + 1,
      })}
    />
  );
}
