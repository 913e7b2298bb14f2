import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (search boxes). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The value once it has stopped changing for `delayMs`, with a way to take the current value at
 * once (a button that needs the answer now rather than after the wait).
 */
export function useFlushableDebounce<T>(value: T, delayMs: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [debounced, () => setDebounced(value)];
}

/**
 * An autocomplete's text and the search it asks for: the search follows what was typed (or
 * cleared), once the typing has paused for `delayMs`. Picking an option fills the field with the
 * option's label, which is not a new search. `initialText` is what was typed before the
 * autocomplete was there (in a field standing in for it while its code loaded): it is searched for
 * at once.
 */
export function useTypedSearch(delayMs: number, initialText = '') {
  const [text, setText] = useState(initialText);
  const [typed, setTyped] = useState(initialText);
  const query = useDebouncedValue(typed, delayMs);
  /** Autocomplete's onInputChange. */
  const onInputChange = (_event: unknown, value: string, reason: string) => {
    setText(value);
    if (reason === 'input' || reason === 'clear') setTyped(value);
  };
  const clear = () => {
    setText('');
    setTyped('');
  };
  return { text, query, onInputChange, clear };
}
