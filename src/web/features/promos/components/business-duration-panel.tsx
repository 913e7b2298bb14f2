import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Dispatch } from 'react';
import {
  type DurationAction,
  type DurationDates,
  type DurationEditor,
  draftComplete,
} from './business-duration';

interface BusinessDurationPanelProps {
  editor: DurationEditor;
  dispatch: Dispatch<DurationAction>;
  /** The duration the rule is published with, once saved. */
  duration: DurationDates | null;
  onDuration: (duration: DurationDates | null) => void;
}

/** The duration part of the business form: none, the two days being edited, or the saved range. */
export function BusinessDurationPanel({
  editor,
  dispatch,
  duration,
  onDuration,
}: BusinessDurationPanelProps) {
  const { state, draft } = editor;
  return (
    <Stack spacing={1}>
      <FormLabel>Duration (12:00a to 11:59p Pacific)</FormLabel>
      {state === 'no-duration' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography>No duration: the rule runs until switched off.</Typography>
          <Button onClick={() => dispatch({ type: 'edit' })}>Set duration</Button>
        </Stack>
      )}
      {state === 'editing-duration' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label="Start"
            value={draft.start}
            onChange={(e) => dispatch({ type: 'draft', patch: { start: e.target.value } })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="End"
            value={draft.end}
            onChange={(e) => dispatch({ type: 'draft', patch: { end: e.target.value } })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            disabled={!draftComplete(draft)}
            onClick={() => {
              onDuration(draft);
              dispatch({ type: 'saved' });
            }}
          >
            Save duration
          </Button>
        </Stack>
      )}
      {state === 'duration-saved' && duration && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography>
            {duration.start} 12:00a → {duration.end} 11:59p
          </Typography>
          <Button onClick={() => dispatch({ type: 'edit' })}>Edit</Button>
          <Button
            onClick={() => {
              onDuration(null);
              dispatch({ type: 'removed' });
            }}
          >
            Remove
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
