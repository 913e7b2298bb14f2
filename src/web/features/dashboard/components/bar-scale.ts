// The arithmetic of the dashboard's bar chart (orders-by-day-chart.tsx), kept pure for tests:
// "nice" value ticks as chart libraries draw them (1, 2 or 5 × a power of ten), and bands for
// the days with a gap between bars.

/** A step of 1, 2 or 5 × 10ⁿ giving about `count` ticks from 0 to `max`, never below `minStep`. */
export function tickStep(max: number, count: number, minStep = 1): number {
  const raw = max / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1;
  return Math.max(minStep, factor * power);
}

/** Ticks from 0 to `max` rounded up to a whole step; the last tick is the top of the scale. */
export function niceTicks(max: number, count: number, minStep = 1): number[] {
  if (!(max > 0)) return [0, minStep];
  const step = tickStep(max, count, minStep);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 1e9) / 1e9);
  return ticks;
}

export interface Bands {
  /** Left edge of each bar. */
  starts: number[];
  barWidth: number;
  /** Distance from one bar to the next. */
  step: number;
}

/** `n` bands across `width`, with `gapRatio` of each step between bars and half of it at the ends. */
export function bands(n: number, width: number, gapRatio = 0.2): Bands {
  if (n <= 0 || width <= 0) return { starts: [], barWidth: 0, step: 0 };
  const step = width / (n - gapRatio + gapRatio);
  const barWidth = step * (1 - gapRatio);
  const outer = (step * gapRatio) / 2;
  return { starts: Array.from({ length: n }, (_, i) => outer + i * step), barWidth, step };
}

/** Show every k-th label so that labels of `labelWidth` pixels do not overlap bands of `step`. */
export function labelEvery(step: number, labelWidth: number, gap = 8): number {
  if (step <= 0) return 1;
  return Math.max(1, Math.ceil((labelWidth + gap) / step));
}
