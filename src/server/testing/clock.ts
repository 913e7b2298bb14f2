import type { Clock } from '../platform/clock';

/** A clock a test moves forward with `advance` instead of waiting. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

/**
 * The real time, moved on by `advance`: time passes as usual, and a test that would wait for a
 * freshness window to pass skips ahead instead.
 */
export function skippingClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A clock stopped at `at`: it moves only when the test says so. */
export function stoppedClock(at: Date): TestClock {
  let now = at.getTime();
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}
