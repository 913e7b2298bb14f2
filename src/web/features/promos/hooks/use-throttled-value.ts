import { useEffect, useRef, useState } from 'react';

/** At most one value per interval, the latest one last (spec 3 §9: product search throttled 300 ms). */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, last.current + ms - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setOut(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}
