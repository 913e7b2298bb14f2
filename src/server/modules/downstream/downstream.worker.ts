import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { WorkerSpec } from '../../platform/workers';
import { processExports } from './downstream.export';
import * as repo from './downstream.repo';

/** How often a process looks for captured orders that were never queued (a safety net). */
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 500;

/** One pass: queue captured orders missing from the queue (now and then), then export due rows. */
export function downstreamPass(db: Db, log: FastifyBaseLogger, opts: { sweep: boolean }) {
  return (async () => {
    const queued = opts.sweep ? await repo.sweepCaptured(db, SWEEP_BATCH) : 0;
    if (queued > 0) log.info({ queued }, 'captured orders queued for downstream export');
    return queued + (await processExports(db, log));
  })();
}

/** The export worker every process runs (WORKERS=off turns it off with the others). */
export function downstreamWorker(): WorkerSpec {
  let lastSweep = 0;
  return {
    name: 'downstream',
    intervalMs: 2000,
    tick: ({ db, log }) => {
      const sweep = Date.now() - lastSweep >= SWEEP_INTERVAL_MS;
      if (sweep) lastSweep = Date.now();
      return downstreamPass(db, log, { sweep });
    },
  };
}
