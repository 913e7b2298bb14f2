// Integer-cent arithmetic. Each discount on a line is computed from the exact line value and
// rounded once, half up (spec 3 §4: pricing rounds to 2 decimals; CONVENTIONS: money in cents).

/** Rounds a cent value half up, first snapping float noise (0.1 × 3 = 0.30000000000000004). */
export function roundCents(value: number): number {
  return Math.floor(Math.round(value * 1000) / 1000 + 0.5);
}

/** A fraction (0.2 = 20%) of a cent amount, rounded once. */
export function percentOf(amount: number, fraction: number): number {
  return roundCents(amount * fraction);
}

/**
 * Splits `amount` cents over `weights` in proportion, largest remainder first (ties to the earlier
 * weight), so the parts are integers that add up to `amount` and none exceeds its weight's share
 * by more than a cent.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map((e) => Math.floor(e + 1e-9));
  let left = amount - parts.reduce((a, p) => a + p, 0);
  const order = exact
    .map((e, i) => ({ i, r: e - Math.floor(e + 1e-9) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Rounds a volume to two decimals (volumes are points, not money). */
export function roundVolume(value: number): number {
  return Math.round(value * 100 + 1e-9) / 100;
}
