import { useEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/** How long a hash's element may take to appear (a lazy screen, its data) before giving up. */
const HASH_WAIT_MS = 5000;

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
  return <ScrollRestoration />;
}
