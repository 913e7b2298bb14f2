import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/csrf';
import { callUrl, postKey, type QueryValue } from '@domain/platform/call-keys';
import type { ErrorBody } from '@domain/platform/envelope';
import { ERROR_CODES, TIMED_OUT } from '@domain/platform/error-codes';
import { CALL_TIMEOUT_MS } from '@domain/reference/constants';
import { reloadToLogin } from './login-redirect';

// The one way the browser talks to /api (DESIGN §3). Every failure becomes an ApiError whose
// `body` is the server's `{success:false, error, code?, issues?}` envelope, so screens show
// `error` and forms map `issues` onto fields.
//
// This module loads no zod (it is on the first screen of every visit, and zod alone weighs more
// than the login form): answers are checked against any schema with zod's `safeParse` shape, and
// the calls of the first screens pass a contract that is checked in development only
// (`checkedInDevelopment`); the server checks every answer against the same contract before
// sending it.

type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };

/** What an answer is checked against: a zod schema, or anything with the same `safeParse`. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): ParseResult<T>;
}

/** A contract loaded on demand and checked in development builds only (see above). */
export interface DevelopmentCheck<T> {
  readonly loadContract: () => Promise<AnswerSchema<T>>;
}

export type AnswerContract<T> = AnswerSchema<T> | DevelopmentCheck<T>;
export type AnswerOf<C> = C extends AnswerContract<infer T> ? T : never;

/**
 * For the calls of the first screens (session, sign-in, shell, dashboard): the contract module and
 * zod are loaded only in development, where the answer is checked as any other; a production
 * build takes the server's answer, which the server has checked against the same contract.
 */
export function checkedInDevelopment<T>(loadContract: () => Promise<AnswerSchema<T>>): DevelopmentCheck<T> {
  const check = { loadContract };
  developmentChecks.push(check);
  return check;
}

/**
 * Every contract made by `checkedInDevelopment`, for the test that holds each to the same value
 * parsed as received (no transform, default or coercion): what a production build hands a screen
 * unparsed is then what parsing would have given it.
 */
export const developmentChecks: DevelopmentCheck<unknown>[] = [];

/** An answer checked against its contract (in development only for a `DevelopmentCheck`). */
export async function checkAnswer<T>(contract: AnswerContract<T>, json: unknown): Promise<ParseResult<T>> {
  if ('safeParse' in contract) return contract.safeParse(json);
  if (!import.meta.env.DEV) return { success: true, data: json as T };
  return (await contract.loadContract()).safeParse(json);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema for answers simple enough to check by hand. */
function answerSchema<T>(matches: (value: Record<string, unknown>) => boolean): AnswerSchema<T> {
  return {
    safeParse: (value) =>
      isRecord(value) && matches(value)
        ? { success: true, data: value as T }
        : { success: false, error: { issues: [{ message: 'Unexpected answer' }] } },
  };
}

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

export type { QueryValue };

export interface RequestOptions {
  body?: unknown;
  query?: Readonly<Record<string, QueryValue>>;
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
export const SuccessOnly = answerSchema<{ success: true }>((v) => v.success === true);
/** `{success:true, message}` answers; the message is shown in the alert bar. */
export const SuccessMessage = answerSchema<{ success: true; message: string }>(
  (v) => v.success === true && typeof v.message === 'string',
);

/** The URL of a call: its path, then its query without the empty values. */
export const buildUrl = callUrl;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isIssue = (value: unknown) =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** The envelope of ErrorBody (src/domain/platform/envelope.ts), checked by hand. */
function isErrorBody(json: unknown): json is ErrorBody {
  return (
    isRecord(json) &&
    json.success === false &&
    typeof json.error === 'string' &&
    (json.code === undefined || typeof json.code === 'string') &&
    (json.issues === undefined || (Array.isArray(json.issues) && json.issues.every(isIssue)))
  );
}

function errorBodyFrom(status: number, json: unknown): ErrorBody {
  if (isErrorBody(json)) {
    const { success, error, code, issues } = json;
    return { success, error, ...(code === undefined ? {} : { code }), ...(issues ? { issues } : {}) };
  }
  const record = isRecord(json) ? json : {};
  const code = typeof record.code === 'string' ? record.code : undefined;
  // GraphQL endpoints answer `{errors: [{message}]}`: the first error is the message (spec 3 §8).
  const graphql =
    Array.isArray(record.errors) && isRecord(record.errors[0]) ? record.errors[0].message : undefined;
  const text = typeof record.error === 'string' ? record.error : (record.message ?? graphql);
  if (typeof text === 'string' && text) return { success: false, error: text, code };
  if (status === 403) return { success: false, error: FORBIDDEN, code: ERROR_CODES.insufficientPermissions };
  return { success: false, error: `Request failed (${status}).`, code };
}

// ---------------------------------------------------------------------------------------------
// Answers asked for ahead of the screen (ADR 034): a route's loader names the GET calls its
// screen makes, they start as soon as the route matches (with the session check and the screen's
// code, not after them), and the screen's own call for the same URL takes the answer on its way
// instead of asking again. An answer nobody takes within EARLY_TTL_MS is dropped.

interface EarlyAnswer {
  startedAt: number;
  answer: Promise<{ response: Response; json: unknown } | null>;
}

const EARLY_TTL_MS = 10_000;
const early = new Map<string, EarlyAnswer>();

/**
 * Keeps an answer that came with the page (ADR 051) as an early answer for the call known by `key`
 * (callKey): the screen's call takes it, once, as it takes one on its way.
 */
export function keepEarlyAnswer(key: string, status: number, body: unknown) {
  keepEarly(key, Promise.resolve({ response: new Response(null, { status }), json: body }));
}

/** Keeps `answer` for the call known by `key`, dropped when nobody took it within EARLY_TTL_MS. */
function keepEarly(key: string, answer: EarlyAnswer['answer']) {
  early.set(key, { startedAt: Date.now(), answer });
  setTimeout(() => {
    if (early.get(key)?.answer === answer) early.delete(key);
  }, EARLY_TTL_MS);
}

/**
 * Starts a GET of `path` now, for the call of the screen that will ask for it next. Answers the
 * body of a successful answer once it is in (undefined otherwise), for calls that follow from it.
 */
export function preloadGet(path: string, query?: Readonly<Record<string, QueryValue>>): Promise<unknown> {
  const url = buildUrl(path, query);
  return preload(url, url, { method: 'GET', headers: { Accept: 'application/json' } });
}

/**
 * Starts a read sent as a POST (a GraphQL query) now, for the screen's call with the same path
 * and body; answers as preloadGet does. Only what a route names this way is taken early: any other
 * POST goes to the server as it always does.
 */
export function preloadPost(path: string, body: unknown): Promise<unknown> {
  return preload(postKey(path, body), path, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    },
    body: JSON.stringify(body),
  });
}

function preload(key: string, url: string, init: RequestInit): Promise<unknown> {
  const now = Date.now();
  const existing = early.get(key);
  if (existing && now - existing.startedAt < EARLY_TTL_MS) return bodyOf(existing.answer);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  const answer = fetch(url, { ...init, credentials: 'same-origin', signal: controller.signal })
    .then(async (response) => ({ response, json: await readJson(response) }))
    // A failed early call is asked again by the screen, with its own error handling.
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  keepEarly(key, answer);
  return bodyOf(answer);
}

const bodyOf = (answer: EarlyAnswer['answer']): Promise<unknown> =>
  answer.then((taken) => (taken?.response.ok ? taken.json : undefined));

/** The early answer for `url`, taken once. */
function takeEarly(url: string): EarlyAnswer['answer'] | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  return Date.now() - entry.startedAt < EARLY_TTL_MS ? entry.answer : undefined;
}

/** Waits for `promise`, or throws the abort reason as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export async function apiRequest<C extends AnswerContract<unknown>>(
  method: Method,
  path: string,
  contract: C,
  options: RequestOptions = {},
): Promise<AnswerOf<C>> {
  const url = buildUrl(path, options.query);
  const earlyAnswer =
    method === 'GET'
      ? takeEarly(url)
      : // A POST is looked up only while some early answer waits (its key writes the body out).
        method === 'POST' && options.body !== undefined && early.size > 0
        ? takeEarly(postKey(url, options.body))
        : undefined;
  const taken = earlyAnswer ? await unlessAborted(earlyAnswer, options.signal) : null;
  if (taken) return handleAnswer(method, path, contract, options, taken.response, taken.json);

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
    response = await fetch(url, {
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

  return handleAnswer(method, path, contract, options, response, json);
}

async function handleAnswer<C extends AnswerContract<unknown>>(
  method: Method,
  path: string,
  contract: C,
  options: RequestOptions,
  response: Response,
  json: unknown,
): Promise<AnswerOf<C>> {
  // The session is gone (signed out elsewhere, expired, or the staff member was deactivated):
  // whatever the screen was doing, go to login at once with a full reload, and come back here
  // after signing in (spec 1 §2 Access behaviour). Public calls (sign-in, session check, the
  // password pages) take a 401 as an answer instead.
  if (response.status === 401 && !options.public) {
    reloadToLogin();
    // The page is being replaced; leave the caller pending instead of flashing an error.
    return new Promise<never>(() => {});
  }
  if (!response.ok) throw new ApiError(response.status, errorBodyFrom(response.status, json));

  const parsed = (await checkAnswer(contract, json)) as ParseResult<AnswerOf<C>>;
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, { success: false, error: UNEXPECTED });
  }
  return parsed.data;
}

type Contract = AnswerContract<unknown>;

export const api = {
  get: <C extends Contract>(path: string, contract: C, options?: RequestOptions) =>
    apiRequest('GET', path, contract, options),
  post: <C extends Contract>(path: string, contract: C, body?: unknown, options?: RequestOptions) =>
    apiRequest('POST', path, contract, { ...options, body: body ?? {} }),
  put: <C extends Contract>(path: string, contract: C, body?: unknown, options?: RequestOptions) =>
    apiRequest('PUT', path, contract, { ...options, body: body ?? {} }),
  patch: <C extends Contract>(path: string, contract: C, body?: unknown, options?: RequestOptions) =>
    apiRequest('PATCH', path, contract, { ...options, body: body ?? {} }),
  delete: <C extends Contract>(path: string, contract: C, options?: RequestOptions) =>
    apiRequest('DELETE', path, contract, options),
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
