import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { chunkLoader } from '@web/lib/chunk-load';
import { type ComponentType, lazy, Suspense, startTransition, useState } from 'react';
import type { ConsultantPickerProps } from './consultant-picker';

export const PICKER_UNAVAILABLE = 'The consultant search did not load. Reload the page to try again.';

interface StandInProps {
  label: string;
  text: string;
  onText: (text: string) => void;
  helperText?: string;
  autoFocus?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
  onPointerEnter?: () => void;
}

/**
 * A plain text field where the consultant picker goes, until its code is there: the picker's label,
 * size, width and list arrow, so nothing moves when the picker takes its place.
 */
export function ConsultantStandIn({ label, text, onText, helperText, autoFocus, ...events }: StandInProps) {
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(event) => onText(event.target.value)}
      helperText={helperText}
      autoFocus={autoFocus}
      {...events}
      slotProps={{
        input: {
          endAdornment: (
            // Where the picker has its list button; a click on it goes to the field.
            <InputAdornment position="end" sx={{ mr: '-5px', pointerEvents: 'none' }}>
              <ArrowDropDown />
            </InputAdornment>
          ),
        },
        formHelperText: helperText ? { role: 'alert' } : undefined,
      }}
      sx={{ flex: 1, minWidth: 220 }}
    />
  );
}

/** Said under the field when the picker's code cannot be fetched (offline, a new release). */
function PickerUnavailable({ label, initialText = '', autoFocus }: ConsultantPickerProps) {
  const [text, setText] = useState(initialText);
  return (
    <ConsultantStandIn
      label={label}
      text={text}
      onText={setText}
      autoFocus={autoFocus}
      helperText={PICKER_UNAVAILABLE}
    />
  );
}

type PickerModule = { ConsultantPicker: ComponentType<ConsultantPickerProps> };

/** The picker once its code is there, or the field that says it did not load (never an error screen). */
export function pickerOrNotice(
  load: () => Promise<PickerModule>,
): Promise<{ default: ComponentType<ConsultantPickerProps> }> {
  return load().then(
    (m) => ({ default: m.ConsultantPicker }),
    () => ({ default: PickerUnavailable }),
  );
}

// The picker, with MUI's Autocomplete, loads when its field is first focused or pointed at, not
// with the customer (ADR 044).
const loadPicker = chunkLoader(() => import('./consultant-picker'));
const ConsultantPicker = lazy(() => pickerOrNotice(loadPicker));
const preload = () => void loadPicker().catch(() => {});

/**
 * Consultant quick search that fetches its code on first use (ADR 044). The field is typed in at
 * once; the picker takes its place when its code is there, with the text typed so far (searched for
 * at once), the focus and its list open. Until then (a transition) the field stays on screen.
 */
export function ConsultantField(props: Omit<ConsultantPickerProps, 'initialText' | 'autoFocus'>) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [used, setUsed] = useState(false);
  const standIn = (
    <ConsultantStandIn
      label={props.label}
      text={text}
      onText={setText}
      onPointerEnter={preload}
      onFocus={() => {
        setFocused(true);
        preload();
        startTransition(() => setUsed(true));
      }}
      onBlur={() => setFocused(false)}
    />
  );
  return (
    <Suspense fallback={standIn}>
      {used ? <ConsultantPicker {...props} initialText={text} autoFocus={focused} /> : standIn}
    </Suspense>
  );
}
