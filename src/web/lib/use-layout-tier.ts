import { BREAKPOINTS, RESIZE_DEBOUNCE_MS } from '@domain/reference/constants';
import { useEffect, useState } from 'react';

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

export function useLayoutTier(): LayoutTier {
  const [tier, setTier] = useState<LayoutTier>(() => tierForWidth(window.innerWidth));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setTier(tierForWidth(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  return tier;
}

/** Computer and wide tiers keep the side menu docked. */
export function isDesktopTier(tier: LayoutTier): boolean {
  return tier === 'computer' || tier === 'wide';
}
