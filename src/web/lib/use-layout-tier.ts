import { BREAKPOINTS, RESIZE_DEBOUNCE_MS } from '@domain/reference/constants';
import { useSyncExternalStore } from 'react';

// Layout tiers (spec 1 §2 Shell, §9): phone up to 667 px, tablet portrait 668–999,
// computer 1000 and up, wide from 1170. Resize handling is debounced by 100 ms so that
// dragging a window edge does not re-render the shell on every pixel.

export type LayoutTier = 'phone' | 'tablet' | 'computer' | 'wide';

export function tierForWidth(width: number): LayoutTier {
  if (width <= BREAKPOINTS.phone) return 'phone';
  if (width <= BREAKPOINTS.tablet) return 'tablet';
  if (width < BREAKPOINTS.wide) return 'computer';
  return 'wide';
}

/**
 * The page's tier, one for every component that reads it: one resize listener and one debounce
 * timer, so the shell, the lists and their cards change tier in the same render (the shell writes
 * it on its root as `data-layout-tier`, which the browser tests wait for after a resize).
 *
 * The width is read as this module loads and then on resizes only. Read in a render or an effect,
 * after React has changed the page, `window.innerWidth` makes the browser lay the page out there
 * and then, inside React's commit: 6–12 ms of the customer detail's first render went to it.
 */
const tierStore = (() => {
  const inBrowser = typeof window !== 'undefined';
  const widthTier = () => tierForWidth(window.innerWidth);
  let tier: LayoutTier | null = inBrowser ? widthTier() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  if (inBrowser)
    window.addEventListener('resize', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = widthTier();
        if (next === tier) return;
        tier = next;
        for (const listener of listeners) listener();
      }, RESIZE_DEBOUNCE_MS);
    });
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    snapshot: (): LayoutTier => tier ?? widthTier(),
  };
})();

export function useLayoutTier(): LayoutTier {
  return useSyncExternalStore(tierStore.subscribe, tierStore.snapshot);
}

/** Computer and wide tiers keep the side menu docked. */
export function isDesktopTier(tier: LayoutTier): boolean {
  return tier === 'computer' || tier === 'wide';
}
