import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A JSON answer checked against its response schema and serialised once, for answers that are
 * cached and sent many times (the dashboard, the Administrators list): the route sends the text
 * as it is instead of validating and serialising the same object on every request.
 */
export interface JsonAnswer {
  readonly json: string;
}

export function jsonAnswer<S extends z.ZodType>(schema: S, value: z.input<S>): JsonAnswer {
  return { json: JSON.stringify(schema.encode(value as z.output<S>)) };
}

export function sendJsonAnswer(reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
