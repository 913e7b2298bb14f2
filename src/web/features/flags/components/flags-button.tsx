import TuneIcon from '@mui/icons-material/Tune';
import { BarButton } from '@web/components/bar-button';
import { useState } from 'react';
import { useFeatureFlags } from '../api/feature-flags';
import { FlagsDialog } from './flags-dialog';

/** Opens the flags dialog; the server says whether this environment offers it (not in production). */
export function FlagsButton({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState(false);
  const { data } = useFeatureFlags();
  if (!data?.editable) return null;
  return (
    <>
      <BarButton
        icon={<TuneIcon />}
        caption="Flags"
        compact={compact}
        aria-label="Feature flags"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <FlagsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
