import type { PaymentGateway } from '@domain/payments/gateway';
import { leaseClock } from '../platform/lease';

// Controllable delays for tests (no sleeps): a gate holds a call until the test opens it, and the
// lease clock beats only when the test says so.

export interface Gate {
  /** Resolves once a call reached the gate. */
  entered: Promise<void>;
  /** Lets the held call go on. */
  open(): void;
  /** Called by the held code: marks the gate entered and waits until it is opened. */
  pass(): Promise<void>;
}

export function gate(): Gate {
  let open!: () => void;
  let enter!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  return {
    entered,
    open,
    async pass() {
      enter();
      await opened;
    },
  };
}

type Held = 'charge' | 'capture' | 'void' | 'refund';

/**
 * The gateway with chosen calls held at gates: `after` holds the first call of a method once the
 * real gateway answered it (the money moved, the answer is late), `before` holds it before.
 */
export function heldGateway(
  real: PaymentGateway,
  holds: Partial<Record<Held, { gate: Gate; when: 'before' | 'after' }>>,
): PaymentGateway {
  const calls: Record<Held, number> = { charge: 0, capture: 0, void: 0, refund: 0 };
  const held =
    <R, A>(method: Held, call: (request: A) => Promise<R>) =>
    async (request: A): Promise<R> => {
      const hold = calls[method]++ === 0 ? holds[method] : undefined;
      if (hold?.when === 'before') await hold.gate.pass();
      const result = await call(request);
      if (hold?.when === 'after') await hold.gate.pass();
      return result;
    };
  return {
    tokenizeCard: (c) => real.tokenizeCard(c),
    charge: held('charge', (r) => real.charge(r)),
    capture: held('capture', (r) => real.capture(r)),
    void: held('void', (r) => real.void(r)),
    refund: held('refund', (r) => real.refund(r)),
    refundable: (id) => real.refundable(id),
  };
}

/** Replaces the lease clock: heartbeats beat only when `beat()` is called. Returns the controls. */
export function manualLeaseClock() {
  const original = leaseClock.every;
  const beats = new Set<() => Promise<void>>();
  leaseClock.every = (_ms, beat) => {
    beats.add(beat);
    return () => beats.delete(beat);
  };
  return {
    /** Every running attempt renews its lease once. */
    async beat() {
      for (const b of [...beats]) await b();
    },
    get running() {
      return beats.size;
    },
    restore() {
      leaseClock.every = original;
    },
  };
}
