import { NEW_CART_ITEM_FLAG_MS } from '@domain/reference/constants';
import { useEffect, useRef, useState } from 'react';

/**
 * The ids of cart lines that have just appeared (spec 2 §9: the new-cart-item flag resets after
 * 300 ms). The lines present when the cart first shows are not new.
 */
export function useNewLines(lineIds: readonly string[]): ReadonlySet<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const key = lineIds.join('|');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('|');
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const added = ids.filter((id) => !seen.current!.has(id));
    seen.current = new Set(ids);
    if (added.length === 0) {
      setFresh(new Set());
      return;
    }
    setFresh(new Set(added));
    const timer = setTimeout(() => setFresh(new Set()), NEW_CART_ITEM_FLAG_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return fresh;
}
