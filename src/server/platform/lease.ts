import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LEASE_SECONDS } from './idempotency';

// The heartbeat of an attempt that holds a lease (a checkout, a refund; ADR 014, 021): while its
// work goes on (a slow gateway, a slow database), the lease is renewed every third of its length,
// so it only lapses when the process is gone or stalled, and no other attempt takes over work that
// is still being done. A renewal that finds the lease no longer its own says so (`lost`); the
// attempt then decides nothing another attempt may own (it checks ownership where it decides).

export const leaseClock = {
  /**
   * Calls `beat` every `ms` until the returned function is called. Tests put their own clock here
   * to beat on demand instead of waiting.
   */
  every(ms: number, beat: () => Promise<void>): () => void {
    const timer = setInterval(() => void beat(), ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

export interface Heartbeat {
  /** Stops renewing (the attempt is over). */
  stop(): void;
  /** A renewal found that the lease is no longer this attempt's. */
  readonly lost: boolean;
}

/** Renews a lease while work goes on: `renew` answers whether the lease was still this attempt's. */
export function heartbeat(
  renew: () => Promise<boolean>,
  log: FastifyBaseLogger,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Heartbeat {
  let lost = false;
  let busy = false;
  const stop = leaseClock.every((leaseSeconds * 1000) / 3, async () => {
    if (lost || busy) return;
    busy = true;
    try {
      if (!(await renew())) lost = true;
    } catch (err) {
      log.warn({ err }, 'lease renewal failed');
    } finally {
      busy = false;
    }
  });
  return {
    stop,
    get lost() {
      return lost;
    },
  };
}
