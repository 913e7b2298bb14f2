import { ERROR_CODES } from '@domain/platform/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  asRequest,
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_SECONDS,
  MAX_QUEUE_WAIT_MS,
  type RequestOrderQueue,
  type RequestTurn,
  stopTellingRequestsApart,
} from './db-queue';
import { AppError } from './errors';

const turns = new WeakMap<FastifyRequest, RequestTurn>();

/**
 * How long the database must have had no waiting work before requests stop being told apart. A
 * request that starts in a quiet spell and then finds work waiting is placed by when it asks,
 * not by when it came: a little later than its due, and only while the queue fills up.
 */
const QUIET_MS = 1_000;

const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/health');

/**
 * The embedded database serves requests in the order they came (db-queue.ts), and refuses new API
 * requests with 503 and Retry-After when its queue has already held work for more than 2 s: a
 * clear "try again" instead of a wait of many seconds. The health check is never refused (load
 * balancers read a 503 there as a dead process), and a refused request has run nothing.
 */
export function registerRequestOrder(app: FastifyInstance, queue: RequestOrderQueue) {
  app.addHook('onRequest', (request, _reply, done) => {
    const now = performance.now();
    if (queue.quietFor(QUIET_MS, now)) {
      // Nothing waits for the database: this request's work, if any, starts when it asks.
      stopTellingRequestsApart();
      done();
      return;
    }
    const turn: RequestTurn = { startedAt: now, gone: false };
    turns.set(request, turn);
    asRequest(turn, () => {
      if (isApiUrl(request.url) && queue.waitMs(now) > MAX_QUEUE_WAIT_MS) {
        done(
          new AppError(503, BUSY_MESSAGE, ERROR_CODES.busy, undefined, {
            'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
          }),
        );
        return;
      }
      done();
    });
  });
  // A request body is read outside the request's context: its handler is put back in it.
  app.addHook('preHandler', (request, _reply, done) => {
    const turn = turns.get(request);
    if (turn) asRequest(turn, done);
    else done();
  });
  // A caller that closed the connection before its answer: what it still waits for is dropped.
  app.addHook('onRequestAbort', (request, done) => {
    const turn = turns.get(request);
    if (turn) turn.gone = true;
    done();
  });
}
