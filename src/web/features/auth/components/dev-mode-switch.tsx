import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useAlert } from '@web/components/alert/alert-context';
import { Tip as Tooltip } from '@web/components/tip';
import { errorMessage } from '@web/lib/api-client';
import { useId } from 'react';
import { useSetDevMode } from '../api/use-dev-mode';

interface DevModeSwitchProps {
  devMode: boolean;
  /** Phones: a smaller switch with its label underneath, so the label stays on a narrow bar. */
  compact: boolean;
}

const MEANING = 'Developer mode changes where Promo Tool and Incentives lead';

/**
 * Developer mode (spec 1 §4): on by default for developers, switched here, kept by the server.
 * The visible "Dev mode" text is the switch's name at every width (a tooltip alone does not work
 * by touch); what it does is its description, read out with it.
 */
export function DevModeSwitch({ devMode, compact }: DevModeSwitchProps) {
  const setDevMode = useSetDevMode();
  const alert = useAlert();
  const meaningId = useId();
  return (
    <>
      <Box component="span" id={meaningId} hidden>
        {MEANING}
      </Box>
      <Tooltip title={MEANING} describeChild>
        <FormControlLabel
          label="Dev mode"
          labelPlacement={compact ? 'bottom' : 'end'}
          sx={{
            mr: 0.5,
            ml: 0,
            '& .MuiFormControlLabel-label': {
              fontSize: compact ? 11 : 14,
              lineHeight: compact ? 1 : undefined,
              whiteSpace: 'nowrap',
            },
          }}
          control={
            <Switch
              color="default"
              size={compact ? 'small' : 'medium'}
              checked={devMode}
              disabled={setDevMode.isPending}
              onChange={(_event, enabled) =>
                setDevMode.mutate(enabled, { onError: (error) => alert.error(errorMessage(error)) })
              }
              slotProps={{ input: { 'aria-describedby': meaningId } }}
            />
          }
        />
      </Tooltip>
    </>
  );
}
