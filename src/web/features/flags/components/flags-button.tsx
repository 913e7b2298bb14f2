import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useFeatureFlags } from '../api/feature-flags';
import { FlagsDialog } from './flags-dialog';

/** Opens the flags dialog; the server says whether this environment offers it (not in production). */
export function FlagsButton() {
  const [open, setOpen] = useState(false);
  const { data } = useFeatureFlags();
  if (!data?.editable) return null;
  return (
    <>
      <Tooltip title="Feature flags">
        <IconButton color="inherit" aria-label="Feature flags" onClick={() => setOpen(true)}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <FlagsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
