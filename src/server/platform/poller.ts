import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** Run a pass now instead of waiting for the next interval. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Calls `tick` again at once while it reports work done, otherwise every `intervalMs`.
 * Correctness never depends on this process: rows are claimed in the database, so any number
 * of processes may poll the same tables.
 */
export function startPoller(opts: {
  name: string;
  intervalMs: number;
  tick: () => Promise<number>;
  log: FastifyBaseLogger;
}): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  function run() {
    if (running || stopped) return;
    running = (async () => {
      let busy = false;
      try {
        busy = (await opts.tick()) > 0;
      } catch (err) {
        opts.log.error({ err, poller: opts.name }, 'poller pass failed');
      } finally {
        running = undefined;
        schedule(busy ? 0 : opts.intervalMs);
      }
    })();
  }

  schedule(50);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Exponential back-off with jitter: 30 s, 1 min, 2 min … capped at one hour. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + random() * 0.4));
}
