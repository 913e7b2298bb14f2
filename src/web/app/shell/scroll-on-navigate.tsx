import { useEffect } from 'react';
import { type Location, ScrollRestoration, useLocation } from 'react-router';

/** How long a hash's element may take to appear (a lazy screen, its data) before giving up. */
const HASH_WAIT_MS = 5000;

/**
 * Where a history entry's scroll position is kept. The router keys it by the entry's key, but every
 * entry a page load opens (an address typed, a link from outside, a reload) has the key "default":
 * by that key, /orders opened in a tab whose last page was scrolled opened scrolled as far, and
 * the restore came a moment after the screen drew, taking back a scroll the agent had begun. Such
 * an entry is keyed by its address instead, so a reload keeps its place and a new page starts at
 * the top.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * Spec 3 §2 Page rendering: back and forward restore the scroll position (the router's
 * ScrollRestoration, per history entry), a new page starts at the top, and a URL with a hash
 * scrolls to its anchor — once the anchor exists, as screens load lazily and fill in with data.
 */
export function ScrollOnNavigate() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (key) looks again
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const scroll = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [hash, key]);
  return <ScrollRestoration getKey={scrollKey} />;
}
