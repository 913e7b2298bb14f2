import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useAlert } from '@web/components/alert/alert-context';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useId } from 'react';
import { useFeatureFlags, useSetFeatureFlag } from '../api/feature-flags';

interface FlagsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** One toggle per feature flag (spec 1 §2 Shell); changes apply to everyone at once. */
export function FlagsDialog({ open, onClose }: FlagsDialogProps) {
  const titleId = useId();
  const flags = useFeatureFlags();
  const setFlag = useSetFeatureFlag();
  const alert = useAlert();

  const toggle = (name: string, enabled: boolean) =>
    setFlag.mutate(
      { name, enabled },
      {
        onSuccess: () => alert.success(`${name} is now ${enabled ? 'on' : 'off'}`),
        onError: (error) => alert.error(errorMessage(error)),
      },
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Feature flags</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List dense disablePadding>
          {flags.isPending &&
            [0, 1, 2].map((i) => (
              <ListItem key={i}>
                <Placeholder text width="100%" height={48} />
              </ListItem>
            ))}
          {flags.data?.data.map((flag, index) => {
            const labelId = `${titleId}-${flag.name}`;
            return (
              <ListItem
                key={flag.name}
                divider={index < (flags.data?.data.length ?? 0) - 1}
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={flag.enabled}
                    disabled={setFlag.isPending && setFlag.variables?.name === flag.name}
                    onChange={(_event, enabled) => toggle(flag.name, enabled)}
                    autoFocus={index === 0}
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                  />
                }
                sx={{ py: 1.25, pr: 10 }}
              >
                <ListItemText
                  id={labelId}
                  primary={flag.name}
                  secondary={`${flag.description} · changed ${formatDateTime(flag.updatedAt)}${
                    flag.updatedBy ? ` by ${flag.updatedBy}` : ''
                  }`}
                  slotProps={{ primary: { sx: { fontWeight: 600, fontFamily: 'monospace', fontSize: 14 } } }}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
