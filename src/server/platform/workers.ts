import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { purgeOldKeys } from './idempotency';
import { type JobHandler, processJobs } from './jobs';
import type { Mailer } from './mailer';
import { type EventHandler, processOutbox } from './outbox';
import { startPoller } from './poller';
import { purgeExpired } from './sessions';

/** A module's own polling worker (e.g. the downstream export); claims its rows in the database. */
export interface WorkerSpec {
  name: string;
  intervalMs: number;
  tick: (deps: { db: Db; log: FastifyBaseLogger }) => Promise<number>;
}

export function startWorkers(deps: {
  db: Db;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Job handlers by type: the modules' (jobHandlersOf in server-module.ts). */
  jobHandlers: Readonly<Record<string, JobHandler>>;
  /** Outbound event handlers by template, the modules' (eventHandlersOf); an event without one stays readable in the Outbox. */
  eventHandlers?: Readonly<Record<string, EventHandler>>;
  workers?: readonly WorkerSpec[];
  /** The lease of a claimed job (default DEFAULT_JOB_LEASE_MS). */
  jobLeaseMs?: number;
}) {
  const outbox = startPoller({
    name: 'outbox',
    intervalMs: 1000,
    log: deps.log,
    tick: () =>
      processOutbox({ db: deps.db, mailer: deps.mailer, log: deps.log, eventHandlers: deps.eventHandlers }),
  });
  const jobs = startPoller({
    name: 'jobs',
    intervalMs: 2000,
    log: deps.log,
    tick: () =>
      processJobs(deps.db, deps.jobHandlers, deps.log, deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
  });
  const extra = (deps.workers ?? []).map((w) =>
    startPoller({
      name: w.name,
      intervalMs: w.intervalMs,
      log: deps.log,
      tick: () => w.tick({ db: deps.db, log: deps.log }),
    }),
  );
  const housekeeping = setInterval(
    () =>
      Promise.all([purgeExpired(deps.db), purgeOldKeys(deps.db)]).catch((err) =>
        deps.log.warn({ err }, 'purge of expired sign-in data or idempotency keys failed'),
      ),
    60 * 60 * 1000,
  );
  housekeeping.unref();
  return {
    wakeOutbox: outbox.wake,
    wakeJobs: jobs.wake,
    async stop() {
      clearInterval(housekeeping);
      await Promise.all([outbox.stop(), jobs.stop(), ...extra.map((p) => p.stop())]);
    },
  };
}
