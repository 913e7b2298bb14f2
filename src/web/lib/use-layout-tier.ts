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
 */
const tierStore = (() => {
  let tier: LayoutTier | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const next = tierForWidth(window.innerWidth);
      if (next === tier) return;
      tier = next;
      for (const listener of listeners) listener();
    }, RESIZE_DEBOUNCE_MS);
  };
  return {
    subscribe(listener: () => void) {
      if (listeners.size === 0) {
        tier = tierForWidth(window.innerWidth);
        window.addEventListener('resize', onResize);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        window.removeEventListener('resize', onResize);
        clearTimeout(timer);
        tier = null;
      };
    },
    snapshot: (): LayoutTier => tier ?? tierForWidth(window.innerWidth),
  };
})();

export function useLayoutTier(): LayoutTier {
  return useSyncExternalStore(tierStore.subscribe, tierStore.snapshot);
}

/** Computer and wide tiers keep the side menu docked. */
export function isDesktopTier(tier: LayoutTier): boolean {
  return tier === 'computer' || tier === 'wide';
}
