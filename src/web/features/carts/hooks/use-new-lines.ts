import { NEW_CART_ITEM_FLAG_MS } from '@domain/reference/constants';
import { useEffect, useRef, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of cart lines that have just appeared (spec 2 §9: the new-cart-item flag resets after
 * 300 ms). The lines present when the cart first shows are not new. The 300 ms count from the
 * render that shows the flag, so a busy page does not eat into them.
 */
export function useNewLines(lineIds: readonly string[]): ReadonlySet<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(NONE);
  const key = lineIds.join('|');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('|');
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const added = ids.filter((id) => !seen.current!.has(id));
    seen.current = new Set(ids);
    setFresh(added.length === 0 ? NONE : new Set(added));
  }, [key]);
  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(NONE), NEW_CART_ITEM_FLAG_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  return fresh;
}
