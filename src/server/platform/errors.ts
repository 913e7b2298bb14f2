import { ERROR_CODES, type ErrorBody } from '@domain/platform/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CallerGoneError } from './db-queue';
import { serializeError } from './logging';

/** An error with an HTTP status that is safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly issues?: { path: string; message: string }[],
    /** Response headers that go with this answer (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(400, message, ERROR_CODES.badRequest, issues);
export const notFound = (message = 'Not found') => new AppError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string) => new AppError(409, message, ERROR_CODES.conflict);
export const forbidden = (message = 'Insufficient Permissions') =>
  new AppError(403, message, ERROR_CODES.insufficientPermissions);
export const unauthenticated = () => new AppError(401, 'Please sign in.', ERROR_CODES.unauthenticated);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, ERROR_CODES.tooManyRequests, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** What an unexpected failure answers: never the driver's or the runtime's text (it may carry SQL). */
export const UNEXPECTED_ERROR = 'Something went wrong on our side. Please try again.';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send({ ...body, requestId: String(reply.request.id) });
}

function validationIssues(error: FastifyError): { path: string; message: string }[] {
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? '';
  return (error.validation ?? []).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { path: [context, field].filter(Boolean).join('.'), message: v.message ?? 'Invalid value' };
  });
}

/**
 * The answer to an error (status, body, headers): bad input is a 400 with the field messages,
 * never a 500; what is not the caller's fault is logged and answered plainly. One function, so a
 * route tree that answers in its own shape (the promo service's save answer) starts from the same.
 */
export function errorAnswer(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        success: false,
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const issues = validationIssues(error);
    return {
      status: 400,
      body: {
        success: false,
        error: issues[0]?.message ?? 'Invalid request',
        code: ERROR_CODES.badRequest,
        issues,
      },
    };
  }
  // The caller left before its turn at the embedded database: nothing ran, nobody reads this.
  if (error instanceof CallerGoneError) {
    return { status: 503, body: { success: false, error: error.message, code: ERROR_CODES.busy } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large …: the caller's fault, said plainly.
    return { status, body: { success: false, error: error.message, code: error.code } };
  }
  request.log.error({ req: request, err: serializeError(error) }, 'unhandled error');
  return {
    status: 500,
    body: { success: false, error: UNEXPECTED_ERROR },
  };
}

/** One error handler for the whole API. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = errorAnswer(error, request);
    if (headers) reply.headers(headers);
    return send(reply, status, body);
  });
}
