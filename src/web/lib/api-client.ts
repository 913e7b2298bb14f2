import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { ERROR_CODES, ErrorBody, TIMED_OUT } from '@domain/platform/envelope';
import { CALL_TIMEOUT_MS } from '@domain/reference/constants';
import { z } from 'zod';
import { reloadToLogin } from './login-redirect';

// The one way the browser talks to /api (DESIGN §3). Every failure becomes an ApiError whose
// `body` is the server's `{success:false, error, code?, issues?}` envelope, so screens show
// `error` and forms map `issues` onto fields.

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  get issues(): { path: string; message: string }[] {
    return this.body.issues ?? [];
  }

  get timedOut(): boolean {
    return this.status === 0 && this.body.error === TIMED_OUT.error;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Public calls (sign-in, session check, password reset) treat 401 as an answer, not as a lost session. */
  public?: boolean;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const UNREACHABLE = 'Unable to reach the server. Check your connection and try again.';
const UNEXPECTED = 'The server sent an unexpected answer. Refresh the page and try again.';
const FORBIDDEN = 'You do not have permission to do that.';

/** `{success:true}` answers that carry nothing else. */
export const SuccessOnly = z.object({ success: z.literal(true) });
/** `{success:true, message}` answers; the message is shown in the alert bar. */
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorBodyFrom(status: number, json: unknown): ErrorBody {
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const record = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const code = typeof record.code === 'string' ? record.code : undefined;
  const text = typeof record.error === 'string' ? record.error : record.message;
  if (typeof text === 'string' && text) return { success: false, error: text, code };
  if (status === 403) return { success: false, error: FORBIDDEN, code: ERROR_CODES.insufficientPermissions };
  return { success: false, error: `Request failed (${status}).`, code };
}

export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CALL_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let json: unknown;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    json = await readJson(response);
  } catch (error) {
    // spec 1 §7: a call that does not answer within 15000 ms gives {success:false, error:"Timed Out"}.
    if (timedOut) throw new ApiError(0, { ...TIMED_OUT });
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, { success: false, error: UNREACHABLE });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (response.status === 401 && !options.public) {
    reloadToLogin();
    // The page is being replaced; leave the caller pending instead of flashing an error.
    return new Promise<never>(() => {});
  }
  if (!response.ok) throw new ApiError(response.status, errorBodyFrom(response.status, json));

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, { success: false, error: UNEXPECTED });
  }
  return parsed.data;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    apiRequest('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('POST', path, schema, { ...options, body: body ?? {} }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('PUT', path, schema, { ...options, body: body ?? {} }),
  patch: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('PATCH', path, schema, { ...options, body: body ?? {} }),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    apiRequest('DELETE', path, schema, options),
};

/** The text to show for any failure, in the alert bar or under a form. */
export function errorMessage(error: unknown, fallback = 'Failed to update.'): string {
  if (error instanceof ApiError) return error.body.error || fallback;
  return fallback;
}

/** Spec-style result for callers that prefer `{success:false, error}` to a thrown error. */
export async function settle<T>(call: Promise<T>): Promise<T | ErrorBody> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    return { success: false, error: errorMessage(error) };
  }
}
