import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useSetDevMode } from '../api/use-dev-mode';

interface DevModeSwitchProps {
  devMode: boolean;
  /** Phones keep the switch and drop the visible label (the accessible name stays). */
  showLabel: boolean;
}

/** Developer mode (spec 1 §4): on by default for developers, switched here, kept by the server. */
export function DevModeSwitch({ devMode, showLabel }: DevModeSwitchProps) {
  const setDevMode = useSetDevMode();
  const alert = useAlert();
  return (
    <Tooltip title="Developer mode changes where Promo Tool and Incentives lead" describeChild>
      <FormControlLabel
        sx={{ mr: 0.5, ml: 0, '& .MuiFormControlLabel-label': { fontSize: 14, whiteSpace: 'nowrap' } }}
        label={showLabel ? 'Dev mode' : ''}
        control={
          <Switch
            color="default"
            checked={devMode}
            disabled={setDevMode.isPending}
            onChange={(_event, enabled) =>
              setDevMode.mutate(enabled, { onError: (error) => alert.error(errorMessage(error)) })
            }
            slotProps={{ input: { 'aria-label': 'Developer mode' } }}
          />
        }
      />
    </Tooltip>
  );
}
