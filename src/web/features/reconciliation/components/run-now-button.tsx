import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useReconciliation, useStartReconciliation } from '../api/reconciliation';

/** Starts a run; loading while the request is out and while a run is queued or under way. */
export function RunNowButton() {
  const start = useStartReconciliation();
  const current = useReconciliation(null);
  const alert = useAlert();
  const running = Boolean(current.data?.pages[0]?.data.activeRun);
  return (
    <Button
      variant="contained"
      startIcon={<PlayArrowOutlined />}
      loading={start.isPending || running}
      loadingPosition="start"
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: (answer) => alert.show(answer.message, 'info'),
          onError: (error) => alert.error(errorMessage(error, 'The run could not be started.')),
        })
      }
    >
      {running ? 'Running…' : 'Run now'}
    </Button>
  );
}
