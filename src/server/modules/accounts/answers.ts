import { ERROR_CODES } from '@domain/platform/envelope';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { serializeError } from '../../platform/logging';

// Every account operation answers with the spec's own failure message (spec 1 §8): bad input
// becomes a 400 whose `error` is that message (field messages stay in `issues`), and an
// unexpected failure a 500 with it. Permission and session errors pass through unchanged.

export interface FailureAnswers {
  /** The `error` of a 400 for bad input: a fixed message, or built from the first field message. */
  invalid: string | ((issue: string) => string);
  /** The `error` of an unexpected failure (default: the invalid message, or "Failed to update."). */
  internal?: string;
  /** The `code` of an unexpected failure (commission compression: SPONSOR_COMPRESSION_ERROR). */
  internalCode?: string;
  /** Fields every failure answer carries besides success false (spec 2 §7 tax number: status false). */
  extra?: Record<string, unknown>;
}

function issuesOf(error: FastifyError): { path: string; message: string }[] {
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? '';
  return (error.validation ?? []).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { path: [context, field].filter(Boolean).join('.'), message: v.message ?? 'Invalid value' };
  });
}

export function failureAnswers(answers: FailureAnswers) {
  const invalid = (issue: string) =>
    typeof answers.invalid === 'function' ? answers.invalid(issue) : answers.invalid;
  return {
    errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({
          success: false,
          ...answers.extra,
          error: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const issues = issuesOf(error);
        return reply.status(400).send({
          success: false,
          ...answers.extra,
          error: invalid(issues[0]?.message ?? 'Invalid request'),
          code: ERROR_CODES.badRequest,
          issues,
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({
          success: false,
          ...answers.extra,
          error: invalid(error.message),
          code: error.code ?? ERROR_CODES.badRequest,
        });
      }
      request.log.error({ req: request, err: serializeError(error) }, 'account operation failed');
      const fallback = typeof answers.invalid === 'string' ? answers.invalid : 'Failed to update.';
      return reply.status(500).send({
        success: false,
        ...answers.extra,
        error: answers.internal ?? fallback,
        ...(answers.internalCode ? { code: answers.internalCode } : {}),
      });
    },
  };
}
