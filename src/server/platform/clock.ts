/**
 * Where the server reads the time: one clock per app, built with it (the real one by default).
 * Tests build the app with a clock they move, instead of sleeping or asserting on the wall clock.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
