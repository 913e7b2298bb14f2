import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Every request has an id: the caller's X-Request-Id when it is a sane one (a load balancer's or
// a client's, so one id follows the request through every hop), otherwise a random UUID. It is on
// every log line of the request (pino's `reqId`), echoed on the answer as X-Request-Id, and in
// every error body as `requestId`, so a support ticket can quote it.

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and `._:-`, 1–128 characters: nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_ID.test(value) ? value : randomUUID();
}

export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
