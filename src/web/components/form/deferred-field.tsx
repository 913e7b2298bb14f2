import TextField from '@mui/material/TextField';
import { chunkLoader, preloader } from '@web/lib/chunk-load';
import {
  type ComponentType,
  lazy,
  Suspense,
  type SyntheticEvent,
  startTransition,
  useRef,
  useState,
} from 'react';

// A search field whose code (MUI's Autocomplete, its list and its search) loads when it is first
// used, not with the screen (ADR 044: code loads on first use). Until then a plain text field with
// the same label, size and width stands in: it can be focused and typed in at once. On its first
// focus the field's code is fetched (on pointing at it, already); the field takes the stand-in's
// place when its code is there, with the text typed so far, the focus and its list open. Until
// then (a transition) the stand-in stays on screen with its focus.

/** What a deferred field is given beyond its own props: the stand-in's text and focus. */
export interface Carried {
  /** What was typed in the stand-in, searched for at once. */
  initialText?: string;
  /** Takes the focus from the stand-in, and opens its list as it does. */
  autoFocus?: boolean;
}

type InputChange = (event: SyntheticEvent | null, text: string, reason: string) => void;

/**
 * The Autocomplete props of a field that took the stand-in's place: the text typed there stays
 * until the agent changes it, picks or leaves (an Autocomplete empties a field without a chosen
 * option as it appears, as it does on leaving), and the list opens as it takes the focus over, then
 * as before (a click, typing).
 */
export function useCarried({ initialText = '', autoFocus = false }: Carried, onInputChange: InputChange) {
  const carried = useRef(initialText !== '');
  const [openOnFocus, setOpenOnFocus] = useState(autoFocus);
  return {
    onInputChange: ((event, text, reason) => {
      if (reason === 'reset' && carried.current) return;
      carried.current = false;
      onInputChange(event, text, reason);
    }) as InputChange,
    openOnFocus,
    onOpen: () => setOpenOnFocus(false),
  };
}

/** How the stand-in looks: the field's label, helper text, size and width. */
export interface StandInLook {
  label: string;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: { flex?: number | string; minWidth?: number };
}

interface StandInProps extends StandInLook {
  text: string;
  onText: (text: string) => void;
  /** Said under the field, as an alert, when the field's code could not be fetched. */
  problem?: string;
  autoFocus?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
  onPointerEnter?: () => void;
}

export function StandIn({ label, helperText, size, sx, text, onText, problem, ...rest }: StandInProps) {
  return (
    <TextField
      label={label}
      size={size}
      sx={sx}
      value={text}
      onChange={(event) => onText(event.target.value)}
      helperText={problem ?? helperText}
      slotProps={{
        // A combobox from the start, as the field it stands in for: its role and name do not change
        // when the field takes its place; the list is there once the field's code is.
        htmlInput: { role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' },
        formHelperText: problem ? { role: 'alert' } : undefined,
      }}
      {...rest}
    />
  );
}

/** The stand-in, kept with what was typed, when the field's code cannot be fetched. */
function unavailable(look: StandInLook, problem: string) {
  return function Unavailable({ initialText = '', autoFocus }: Carried) {
    const [text, setText] = useState(initialText);
    return <StandIn {...look} text={text} onText={setText} autoFocus={autoFocus} problem={problem} />;
  };
}

/**
 * The field once its code is there, or the stand-in that says it did not load (never the error
 * screen).
 */
export function fieldOrNotice<P>(
  load: () => Promise<ComponentType<P & Carried>>,
  look: StandInLook,
  problem: string,
): Promise<{ default: ComponentType<P & Carried> }> {
  return load().then(
    (field) => ({ default: field }),
    () => ({ default: unavailable(look, problem) as ComponentType<P & Carried> }),
  );
}

/**
 * When a stand-in is first used: `handlers` go on the stand-in (pointing at it starts the load of
 * `preload`, focusing it too, and asks for the field in a transition, so the stand-in stays with
 * its focus until the field's code is there); `used` says to render the field (inside Suspense, with
 * the stand-in as its fallback) and `focused` whether it takes the focus as it appears.
 */
export function useStandInUse(preload: () => void) {
  const [focused, setFocused] = useState(false);
  const [used, setUsed] = useState(false);
  return {
    used,
    focused,
    handlers: {
      onPointerEnter: preload,
      onFocus: () => {
        setFocused(true);
        preload();
        startTransition(() => setUsed(true));
      },
      onBlur: () => setFocused(false),
    },
  };
}

/**
 * A field of kind `load` (one per kind, made at the top of a module) that loads its code on first
 * use; `lookOf` gives its stand-in's label, helper text, size and width from its props; `problem`
 * is said when its code cannot be fetched.
 */
export function deferredField<P extends object>(
  load: () => Promise<ComponentType<P & Carried>>,
  lookOf: (props: P) => StandInLook,
  problem: string,
): ComponentType<P> {
  const loadField = chunkLoader(load);
  const preload = preloader(loadField);
  return function DeferredField(props: P) {
    const look = lookOf(props);
    const [Field] = useState(() => lazy(() => fieldOrNotice(loadField, look, problem)));
    const [text, setText] = useState('');
    const standInUse = useStandInUse(preload);
    const standIn = <StandIn {...look} text={text} onText={setText} {...standInUse.handlers} />;
    return (
      <Suspense fallback={standIn}>
        {standInUse.used ? <Field {...props} initialText={text} autoFocus={standInUse.focused} /> : standIn}
      </Suspense>
    );
  };
}
