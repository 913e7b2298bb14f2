import type { UploadStatus } from '@domain/uploads/upload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { type UploadBase, useResumeUpload } from './upload-api';

/**
 * For a batch that shows Queued or Processing: what to do when it does not move. Starting it again
 * is always safe; the server hands it to a worker only when no worker holds it.
 */
export function ResumeUpload({ base, id, status }: { base: UploadBase; id: number; status: UploadStatus }) {
  const resume = useResumeUpload(base, id);
  const alert = useAlert();
  if (status !== 'queued' && status !== 'processing') return null;
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          loading={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: (a) => alert.show(a.message, a.started ? 'success' : 'info'),
              onError: (e) => alert.error(errorMessage(e)),
            })
          }
        >
          Start again
        </Button>
      }
    >
      Rows are applied by a background worker. If the progress does not move, start the batch again: nothing
      already applied is applied twice.
    </Alert>
  );
}
