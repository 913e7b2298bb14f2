import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { type JobHandler, processJobs } from './jobs';
import type { Mailer } from './mailer';
import { type EventHandler, processOutbox } from './outbox';
import { startPoller } from './poller';
import { purgeExpired } from './sessions';

/** Job handlers by type; modules add theirs here. */
export const jobHandlers: Record<string, JobHandler> = {};

/** Outbound event handlers by template (events without a handler stay readable in the Outbox). */
export const eventHandlers: Record<string, EventHandler> = {};

export function startWorkers(deps: { db: Db; mailer: Mailer | null; log: FastifyBaseLogger }) {
  const outbox = startPoller({
    name: 'outbox',
    intervalMs: 1000,
    log: deps.log,
    tick: () => processOutbox({ db: deps.db, mailer: deps.mailer, log: deps.log, eventHandlers }),
  });
  const jobs = startPoller({
    name: 'jobs',
    intervalMs: 2000,
    log: deps.log,
    tick: () => processJobs(deps.db, jobHandlers, deps.log),
  });
  const housekeeping = setInterval(
    () =>
      purgeExpired(deps.db).catch((err) => deps.log.warn({ err }, 'purge of expired sign-in data failed')),
    60 * 60 * 1000,
  );
  housekeeping.unref();
  return {
    wakeOutbox: outbox.wake,
    wakeJobs: jobs.wake,
    async stop() {
      clearInterval(housekeeping);
      await Promise.all([outbox.stop(), jobs.stop()]);
    },
  };
}
