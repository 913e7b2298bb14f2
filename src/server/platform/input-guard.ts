import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

// Text PostgreSQL cannot hold: a NUL character (text and jsonb refuse it) and a lone UTF-16
// surrogate (not valid Unicode: jsonb refuses the escape, UTF-8 encoding silently turns it into
// U+FFFD). Refused once here, for every route, before schema validation and before any query.

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const UNICODE_MESSAGE = 'Text must be valid Unicode.';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const SUSPECT = /[\u0000\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a piece of text, or null when it can be stored as it is. */
export function textProblem(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? UNICODE_MESSAGE : null;
}

type Issue = { path: string; message: string };
const MAX_ISSUES = 10;

const isContainer = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer);

/** Fast pass, no paths: does any string or key anywhere in the value have a problem? */
function hasBadText(root: unknown): boolean {
  if (typeof root === 'string') return textProblem(root) !== null;
  if (!isContainer(root)) return false;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          if (textProblem(item)) return true;
        } else if (isContainer(item)) stack.push(item);
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (textProblem(key)) return true;
      const item = (value as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (textProblem(item)) return true;
      } else if (isContainer(item)) stack.push(item);
    }
  }
  return false;
}

/** A path segment as shown to the caller: the offending characters written as \uXXXX. */
const showKey = (key: string) =>
  key.replace(new RegExp(SUSPECT.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Slow pass, only for bad input: where the problems are, in document order. */
function badTextIssues(root: unknown, rootPath: string): Issue[] {
  const issues: Issue[] = [];
  // Each entry is a value to look into, or (a bad object key) the problem itself.
  const stack: [unknown, string, string | null][] = [[root, rootPath, null]];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const [value, path, keyProblem] = stack.pop()!;
    if (keyProblem) {
      issues.push({ path, message: keyProblem });
    } else if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) issues.push({ path, message });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`, null]);
    } else if (isContainer(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const item = (value as Record<string, unknown>)[key];
        stack.push([item, `${path}.${showKey(key)}`, textProblem(key)]);
      }
    }
  }
  return issues;
}

/** The problems of a request's params, query string and body (empty for ordinary requests). */
export function requestTextIssues(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): Issue[] {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  const issues: Issue[] = [];
  for (const [name, value] of parts) {
    if (value === undefined || value === null) continue;
    if (hasBadText(value)) issues.push(...badTextIssues(value, name));
  }
  return issues;
}

/** Registers the guard: a 400 with the field paths, in the same shape as schema validation errors. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const issues = requestTextIssues(request);
    done(issues.length > 0 ? badRequest(issues[0]!.message, issues) : undefined);
  });
}
