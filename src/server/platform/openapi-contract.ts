import type { RouteAction } from '@domain/auth/permissions';
import type { OpenAPIV3 } from 'openapi-types';

// The API's contract beyond each route's own schemas: a name and a summary for every operation,
// who may call it (public routes say `security: []`), and the error answers every client must
// expect, declared once as components and referenced from each operation.

type Json = Record<string, unknown>;

const ERROR_BODY: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string', description: 'What went wrong, in words to show' },
    code: { type: 'string', description: 'A stable code, e.g. BAD_REQUEST, INSUFFICIENT_PERMISSIONS' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
    requestId: { type: 'string', description: 'The request id (X-Request-Id) to quote to support' },
  },
};

const ERRORS = {
  '400': ['BadRequest', 'Bad input: the field messages are in `issues`; nothing was changed'],
  '401': ['Unauthenticated', 'No session: sign in first'],
  '403': [
    'Forbidden',
    'The role or access held does not allow this (`INSUFFICIENT_PERMISSIONS`), or a browser write without its CSRF header',
  ],
  '404': ['NotFound', 'No such record'],
  '409': ['Conflict', 'The record changed or is in a state that refuses this'],
  '422': ['Unprocessable', 'An idempotency key already used with another body'],
  '429': ['TooManyRequests', 'Too many attempts: wait the `Retry-After` seconds'],
} as const;

interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: { $ref: string } } };
}

export const ERROR_COMPONENTS: Record<string, ErrorResponse> = Object.fromEntries(
  Object.values(ERRORS).map(([name, description]) => [
    name,
    { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
  ]),
);
export const ERROR_BODY_SCHEMA = ERROR_BODY;

const words = (segment: string) =>
  segment
    .replace(/\.csv$/, ' csv')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

const VERBS: Record<string, string> = {
  get: 'Get',
  post: 'Post',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
};

/** A summary in words from the method and path, e.g. `POST /api/cs/refund/estimate` → "Post refund estimate". */
export function summaryOf(method: string, path: string): string {
  const segments = path.split('/').filter((s) => s && s !== 'api');
  const named = segments.filter((s) => !s.startsWith('{')).map(words);
  const params = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const subject = named.filter((w, i) => !(i === 0 && w === 'cs' && named.length > 1)).join(' ');
  return `${VERBS[method] ?? method.toUpperCase()} ${subject}${params.length ? ` by ${params.join(' and ')}` : ''}`;
}

/** A camelCase operation id from the method and path, e.g. `postRefundEstimate`, `getCustomerByUid`. */
export function operationIdOf(method: string, path: string): string {
  const camel = summaryOf(method, path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
  return camel;
}

const CSV = /\.csv$|\/export$/;

/**
 * Completes the generated document: operation ids (unique), summaries, `security: []` on public
 * routes, the shared error answers on every operation, CSV answers as `text/csv`.
 */
export function completeDocument(
  doc: Json,
  actionOf: (method: string, path: string) => RouteAction | undefined,
): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const used = new Set<string>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!VERBS[method]) continue;
      let id = operationIdOf(method, path);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      used.add(id);
      op.operationId ??= id;
      op.summary ??= summaryOf(method, path);
      const action = actionOf(method, path);
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const codes = ['400'];
      if (action !== 'public') codes.push('401', '403');
      else op.security = [];
      if (path.includes('{')) codes.push('404');
      if (method !== 'get') codes.push('409', '422');
      if (path.startsWith('/api/auth/') || path.startsWith('/api/accounts/')) codes.push('429');
      for (const code of codes) {
        const [name] = ERRORS[code as keyof typeof ERRORS];
        responses[code] ??= { $ref: `#/components/responses/${name}` };
      }
      if (CSV.test(path)) {
        responses['200'] = {
          description: 'A CSV file (UTF-8 with a byte-order mark)',
          content: { 'text/csv': { schema: { type: 'string' } } },
        };
      }
      op.responses = responses;
    }
  }
  return doc;
}
