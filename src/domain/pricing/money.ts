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
  const parts = weights.slice();
  allocateOver(amount, parts);
  return parts;
}

/** Remainders and their sorted copy, reused by every call (pricing is synchronous). */
let scratch = new Float64Array(256);

/** allocate() in place: replaces each weight with its part, without a new array. */
export function allocateOver(amount: number, parts: number[]): void {
  const n = parts.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += parts[i] as number;
  if (sum <= 0 || amount <= 0) {
    for (let i = 0; i < n; i++) parts[i] = 0;
    return;
  }
  if (scratch.length < 2 * n) scratch = new Float64Array(4 * n);
  const remainders = scratch;
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    const exact = (amount * (parts[i] as number)) / sum;
    const floor = Math.floor(exact + 1e-9);
    parts[i] = floor;
    remainders[i] = exact - floor;
    assigned += floor;
  }
  const left = amount - assigned;
  if (left <= 0) return;
  // The cents left go to the largest remainders, the earlier weight first among equals: every
  // remainder above the left-th largest takes one, then the earliest equal to it (the same parts
  // as sorting every index by remainder, without a comparator sort per call).
  let threshold = Number.NEGATIVE_INFINITY;
  if (left < n) {
    remainders.copyWithin(n, 0, n);
    threshold = remainders.subarray(n, 2 * n).sort()[n - left] as number;
  }
  let given = 0;
  for (let i = 0; i < n; i++) {
    if ((remainders[i] as number) > threshold) {
      parts[i] = (parts[i] as number) + 1;
      given++;
    }
  }
  for (let i = 0; i < n && given < left; i++) {
    if (remainders[i] === threshold) {
      parts[i] = (parts[i] as number) + 1;
      given++;
    }
  }
}

/** Rounds a volume to two decimals (volumes are points, not money). */
export function roundVolume(value: number): number {
  return Math.round(value * 100 + 1e-9) / 100;
}
