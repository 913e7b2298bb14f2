import { hostname } from 'node:os';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from './config';

// What the server log may hold: method, route, status, duration, client address, and errors
// without the values that caused them. Never request bodies, query strings, headers, secret
// path segments, SQL parameters or the values PostgreSQL quotes back in its messages.

export type LogLevel = AppConfig['logLevel'];

const REDACTED = '[redacted]';
const MAX_MESSAGE = 500;
const MAX_QUERY = 2000;

/** A path segment that could be a secret (a reset token, a session token): long, no dots. */
const SECRET_SEGMENT = /^[A-Za-z0-9_~%+=-]{16,}$/;

/** A URL path for the log: no query string or fragment, token-like segments masked. */
export function safePath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const masked = path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? ':redacted' : segment))
    .join('/');
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}

/** The route pattern (`/api/accounts/resetPassword/:token`), or the masked path when there is none. */
export function safeUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const route = request.routeOptions?.url;
  return route && !route.includes('*') ? route : safePath(request.url ?? '');
}

export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: safeUrl(request), remoteAddress: request.ip };
}

export function serializeReply(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}

/** Words before a double-quoted name in PostgreSQL messages: what follows them is an identifier. */
const IDENTIFIER =
  /\b(relation|constraint|column|table|index|type|function|schema|sequence|database|role|extension|operator|trigger|view|encoding|savepoint|cursor|statement|tablespace|domain|collation|enum|procedure|policy|publication|subscription|channel) $/i;

/**
 * An error message without the values in it: Drizzle's "Failed query: … params: …" becomes
 * "Database query failed"; quoted values ("invalid input syntax for type uuid: \"…\"",
 * 'reading \'x\''), `(key)=(value)` pairs and anything after "params:" are masked.
 * Quoted identifiers after a keyword (constraint "…", relation "…") are kept.
 */
export function scrubMessage(message: string): string {
  let text = message.replace(/Failed query:[\s\S]*$/, 'Database query failed');
  text = text.replace(/\bparams:[\s\S]*$/, `params: ${REDACTED}`);
  text = text.replace(/\(([^()]*)\)=\(([^()]*)\)/g, `($1)=(${REDACTED})`);
  text = text.replace(/"(?:[^"\\]|\\.)*"/g, (quoted, offset: number, whole: string) =>
    IDENTIFIER.test(whole.slice(Math.max(0, offset - 20), offset)) ? quoted : `"${REDACTED}"`,
  );
  text = text.replace(/'(?:[^'\\]|\\.)*'/g, `'${REDACTED}'`);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** SQL text for the log: parameters are never part of it; string literals are masked too. */
function scrubSql(query: string): string {
  const text = query.replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`);
  return text.length > MAX_QUERY ? `${text.slice(0, MAX_QUERY)}…` : text;
}

/** The `at …` lines of a stack, without the first line (which repeats the message). */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/** Fields of PostgreSQL (pg, PGlite) errors that name things, never values. */
const NAME_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

export interface SafeError {
  type: string;
  message: string;
  code?: string | number;
  statusCode?: number;
  query?: string;
  stack?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

const serialized = new WeakSet<object>();

/**
 * An error as the log may hold it: type, code, a message with values masked, the SQL without
 * parameters, the stack frames, names of the constraint/table/column, and the cause (likewise).
 * Never `params`, `detail`, `where`, `hint`, request data or any other property.
 */
export function serializeError(error: unknown, depth = 0, parentQuery?: string): SafeError {
  if (typeof error === 'object' && error !== null && serialized.has(error)) return error as SafeError;
  if (typeof error !== 'object' || error === null) {
    const out = { type: typeof error, message: scrubMessage(String(error)) };
    serialized.add(out);
    return out;
  }
  const e = error as Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : '';
  const className = error.constructor?.name ?? '';
  // PostgreSQL errors (pg's and PGlite's, whose class name is minified) by their SQLSTATE.
  const isDatabaseError = typeof e.severity === 'string' && /^[0-9A-Z]{5}$/.test(String(e.code));
  const type = isDatabaseError
    ? 'DatabaseError'
    : className && className !== 'Object'
      ? className
      : typeof e.name === 'string'
        ? e.name
        : 'Error';
  const out: SafeError = { type, message: scrubMessage(message) };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (typeof e.query === 'string' && e.query !== parentQuery) out.query = scrubSql(e.query);
  for (const field of NAME_FIELDS) {
    if (typeof e[field] === 'string') out[field] = e[field];
  }
  const stack = stackFrames(e.stack);
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < 3)
    out.cause = serializeError(e.cause, depth + 1, typeof e.query === 'string' ? e.query : parentQuery);
  serialized.add(out);
  return out;
}

/**
 * The "request completed" line of an answer without error, as pino writes it (level, time, pid,
 * hostname, then the request id, the request, the status, the time taken and the message), made
 * directly as text: every field of it is made here (the route pattern or the masked path, the
 * status, the time, the client address, the request id, which is a UUID or letters, digits and
 * `._:-`), none comes from the request's headers, body or query, so it needs neither redaction nor
 * message scrubbing. Going through a logger cost a tenth of a small request's CPU (ADR 035, 039).
 */
export class AccessLog {
  private readonly base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  /** `enabled` false: the log's level leaves info lines out, and nothing is written. */
  constructor(
    private readonly stream: DestinationStream,
    private readonly enabled = true,
  ) {}

  /** The line, ending with a newline (`time` in ms since the epoch). */
  line(request: FastifyRequest, statusCode: number, responseTime: number, time: number): string {
    const req = JSON.stringify(serializeRequest(request));
    return `{"level":30,"time":${time}${this.base},"reqId":${JSON.stringify(request.id)},"req":${req},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
  }

  write(request: FastifyRequest, reply: FastifyReply, responseTime: number) {
    if (this.enabled) this.stream.write(this.line(request, reply.statusCode, responseTime, Date.now()));
  }
}

/**
 * Fastify's own log lines, made safe and compact: no "incoming request" line, one "request
 * completed" line per request (method, route, status, duration, client address), and errors
 * logged with a fixed message instead of the error's own text. The line of an answer without
 * error is written by `AccessLog`; every other line, and the line of a failed request, goes
 * through the general logger and its redaction.
 */
class SafeLogController extends LogController {
  constructor(private readonly access: AccessLog | null) {
    super();
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else if (this.access) this.access.write(request, reply, responseTime);
    else reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.info({ req: request, res: reply, err: error }, 'request refused');
  }
  override routeNotFound(request: FastifyRequest) {
    request.log.info({ req: request }, 'route not found');
  }
  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ req: request, res: reply, err: error }, 'writing the response head failed');
  }
}

/** Levels at which "request completed" (info) is written. */
const INFO_LEVELS = new Set<LogLevel>(['trace', 'debug', 'info']);

/**
 * The log controller of the app. Given the log's settings, the lines of answered requests are
 * written by `AccessLog` to the same stream when the level lets info through (see SafeLogController).
 */
export const logController = (settings?: { level: LogLevel; stream: DestinationStream }) =>
  new SafeLogController(settings ? new AccessLog(settings.stream, INFO_LEVELS.has(settings.level)) : null);

type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger (its lines carry the request id), made on its first use: most requests log
 * only their "request completed" line, which has its own logger, and making a child logger for
 * each request was a tenth of the cost of logging (ADR 035).
 */
class LazyChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Record<string, unknown>,
    private readonly childOptions: Record<string, unknown>,
  ) {}

  private get logger(): Logger {
    this.made ??= this.parent.child(this.childBindings, this.childOptions);
    return this.made;
  }

  get level(): string {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return this.logger.isLevelEnabled(level);
  }
  bindings() {
    return this.logger.bindings();
  }
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>) {
    return this.logger.child(bindings, options);
  }
  fatal(...args: unknown[]) {
    const logger = this.logger;
    (logger.fatal as LogFn).apply(logger, args);
  }
  error(...args: unknown[]) {
    const logger = this.logger;
    (logger.error as LogFn).apply(logger, args);
  }
  warn(...args: unknown[]) {
    const logger = this.logger;
    (logger.warn as LogFn).apply(logger, args);
  }
  info(...args: unknown[]) {
    const logger = this.logger;
    (logger.info as LogFn).apply(logger, args);
  }
  debug(...args: unknown[]) {
    const logger = this.logger;
    (logger.debug as LogFn).apply(logger, args);
  }
  trace(...args: unknown[]) {
    const logger = this.logger;
    (logger.trace as LogFn).apply(logger, args);
  }
  silent(...args: unknown[]) {
    const logger = this.logger;
    (logger.silent as LogFn).apply(logger, args);
  }
}

/** Fastify's childLoggerFactory: each request's logger, made when first used. */
export function lazyChildLogger(
  parent: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
): Logger {
  return new LazyChildLogger(parent, bindings, options) as unknown as Logger;
}

/** How long a line may wait to be written with the ones after it. */
export const LOG_BATCH_MS = 10;
/** Lines waiting beyond this many characters are written at once. */
export const LOG_BATCH_MAX_CHARS = 64 * 1024;

const waitingBatches = new Set<LogBatch>();
let exitHookAdded = false;

/**
 * Log lines handed to the stream together, at most 10 ms after the first of them: one write for
 * the requests of those 10 ms instead of one each. Each write hands its text to libuv's
 * threadpool, about 2 µs of the event loop's time and a thread switch on a busy core: with a
 * line per request the log cost a quarter of a small request (ADR 045).
 *
 * A warning or an error is written at once, with the lines before it, in order; so is what waits
 * when the process exits (an uncaught error, a signal, the end of the run). Only a process killed
 * outright (SIGKILL, the machine stopping) loses what waits: at most the last 10 ms of lines.
 */
export class LogBatch implements DestinationStream {
  private waiting = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly flushNow = () => this.flush();

  constructor(
    private readonly target: DestinationStream & { flushSync?: () => void },
    private readonly waitMs = LOG_BATCH_MS,
  ) {
    if (!exitHookAdded) {
      exitHookAdded = true;
      process.once('exit', () => {
        for (const batch of waitingBatches) batch.flushOnExit();
      });
    }
  }

  write(line: string) {
    this.waiting += line;
    if (isWarningOrWorse(line) || this.waiting.length >= LOG_BATCH_MAX_CHARS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(this.flushNow, this.waitMs);
      waitingBatches.add(this);
    }
  }

  /** Hands what waits to the stream now. */
  flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    waitingBatches.delete(this);
    if (this.waiting === '') return;
    const text = this.waiting;
    this.waiting = '';
    this.target.write(text);
  }

  private flushOnExit() {
    this.flush();
    try {
      this.target.flushSync?.();
    } catch {
      // A stream already closed or not yet open: nothing more can be written on the way out.
    }
  }
}

/** pino's lines start with `{"level":NN`; 40 is a warning, 50 an error, 60 fatal. */
function isWarningOrWorse(line: string): boolean {
  return line.startsWith('{"level":') && line.charCodeAt(9) >= 52 /* '4' */;
}

/** Where log lines go when no stream is given: standard output, written off the request's path. */
export const defaultLogStream = (): DestinationStream =>
  new LogBatch(pino.destination({ dest: 1, sync: false }));

/** Paths pino censors whatever the serializers do (headers and secrets logged by mistake). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'params',
  'err.params',
  'err.detail',
  'body',
  'req.body',
];

export interface LogSettings {
  level: LogLevel;
  /** Where lines go (default stdout). */
  stream?: DestinationStream;
}

/** Pino options for the Fastify logger: safe serializers, redaction, and scrubbed messages. */
export function loggerOptions(settings: LogSettings): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.level,
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      // `log.error(err)` puts err.message in `msg`; messages can quote values as well.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error) {
          const msg = typeof rest[0] === 'string' ? scrubMessage(rest[0]) : scrubMessage(first.message);
          return method.apply(this, [{ err: first }, msg] as unknown as Parameters<typeof method>);
        }
        const scrubbed = (args as unknown[]).map((a) => (typeof a === 'string' ? scrubMessage(a) : a));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
    ...(settings.stream ? { stream: settings.stream } : {}),
  };
}
