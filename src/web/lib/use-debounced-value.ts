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
 * option's label, which is not a new search.
 */
export function useTypedSearch(delayMs: number) {
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
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
