import { z } from 'zod';
import { decimalInt } from './ids';

// Response envelopes shared by server and browser (DESIGN §3).

export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

export const ErrorIssue = z.object({ path: z.string(), message: z.string() });
export const ErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(ErrorIssue).optional(),
  /** The request's id (X-Request-Id), for a support ticket to quote. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export { ERROR_CODES, TIMED_OUT } from './error-codes';

/** Page of a list: the spec pages from 1 and calls a page exhausted when it comes back short. */
export const PageQuery = z.object({
  page: decimalInt(1, 1_000_000).default(1),
  limit: decimalInt(1, 200).default(20),
});
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
