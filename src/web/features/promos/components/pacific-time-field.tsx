import {
  pacificDateTimeValue,
  pacificDateValue,
  pacificLabel,
  secondsFromPacificDate,
  secondsFromPacificDateTime,
} from '@domain/promos/pacific-time';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

// A date-time (or, for whole days, date) picker in Pacific time for a value stored as epoch seconds:
// staff pick a Pacific date and time; the seconds are what is saved, shown only in the JSON.

export function PacificTimeField({
  label,
  seconds,
  onChange,
  wholeDay,
  emptyText,
  disabled,
  note,
}: {
  label: string;
  /** The stored seconds, or null when unset. */
  seconds: number | null;
  onChange: (seconds: number | null) => void;
  /** Pick a day only: a start is 12:00a, an end 11:59p Pacific (business promos, spec 3 §4). */
  wholeDay?: 'start' | 'end';
  /** Helper text while empty. */
  emptyText: string;
  disabled?: boolean;
  /** Said after the time in words when one is set. */
  note?: string;
}) {
  const shown = (s: number | null) =>
    s === null ? '' : wholeDay ? pacificDateValue(s) : pacificDateTimeValue(s);
  // What is typed is kept as typed until it is a whole date (and time), then stored as seconds.
  const [text, setText] = useState(() => shown(seconds));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change from outside resets the text
  useEffect(() => {
    const parsed = read(text);
    if (parsed !== seconds) setText(shown(seconds));
  }, [seconds, wholeDay]);

  function read(value: string): number | null {
    if (!value.trim()) return null;
    return wholeDay ? secondsFromPacificDate(value, wholeDay) : secondsFromPacificDateTime(value, seconds);
  }

  const incomplete = text.trim() !== '' && read(text) === null;
  return (
    <TextField
      size="small"
      type={wholeDay ? 'date' : 'datetime-local'}
      label={`${label} (Pacific)`}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = read(e.target.value);
        if (!e.target.value.trim()) onChange(null);
        else if (parsed !== null) onChange(parsed);
      }}
      error={incomplete}
      helperText={
        incomplete
          ? `Enter a whole ${wholeDay ? 'date' : 'date and time'}`
          : seconds === null
            ? emptyText
            : `${pacificLabel(seconds)}${note ? `: ${note}` : ''}`
      }
      slotProps={{ inputLabel: { shrink: true }, htmlInput: wholeDay ? {} : { step: 1 } }}
      sx={{ minWidth: 230 }}
    />
  );
}
