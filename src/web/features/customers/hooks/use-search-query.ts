import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The search box text and the query in the URL (`?q=`), so a search can be bookmarked and shared
 * and back/forward step between searches. Typing settles for 100 ms (spec 3 §9) before the URL
 * changes; refining the same search (adding or removing letters) replaces the history entry, a
 * different search adds one.
 */
export function useSearchQuery() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  /** The account-type filter (`?type=`, spec 1 §1): a user type id or a derived type, '' for all. */
  const accountType = params.get('type') ?? '';
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const written = useRef(q);

  // Back/forward or a pasted link changed the URL: show its query in the box.
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    if (settled === written.current) return;
    const previous = written.current;
    written.current = settled;
    const refining = previous === '' || settled.startsWith(previous) || previous.startsWith(settled);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: refining },
    );
  }, [settled, setParams]);

  const setAccountType = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('type', value);
      else next.delete('type');
      return next;
    });

  return { text, setText, q, accountType, setAccountType };
}
