import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every answer, the built web app and the /api/docs page alike.
 * Scripts only from our own origin (the Vite build emits no inline script and no eval); styles
 * may be inline because MUI/emotion inject <style> tags and the emailed HTML shown in the Outbox
 * (a sandboxed srcdoc iframe, which inherits this policy) uses style attributes.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The one page under /api: the API reference (Swagger UI) and its files. */
const isApiDocs = (url: string) =>
  url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

/**
 * The policy of an API answer (JSON, CSV): nothing may load from it and nothing may frame it,
 * should a browser ever show one as a page.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What an API answer carries (the OWASP REST set): the policy above, no framing, no sniffing, no
 * referrer, not readable by other sites' pages, never cached; HSTS over https. The policies that
 * govern a page (its opener, its origin cluster, DNS prefetching, legacy download, Flash and XSS
 * filter switches) do nothing on an answer no browser shows as a page, and each header costs
 * every request its validation and its bytes: an API answer carries 6 security headers instead
 * of 11 (the health answer: 518 bytes on the wire instead of 875, ADR 039).
 */
const API_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-frame-options',
  'referrer-policy',
]);

/**
 * Security headers on every answer (CSP, X-Frame-Options DENY, nosniff, no referrer; HSTS only
 * when the app is served over https; the built app's files and the API's answers carry those that
 * apply to them) and `Cache-Control: no-store` on every /api answer, errors and unknown paths
 * included: they carry tokens and staff data. Answers the headers of a document.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean },
): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  // The headers never change: helmet computes them once here, and one hook sets them. (The
  // Fastify plugin of helmet would add two hooks to every request, one of them asynchronous, to
  // build the same headers again each time: ADR 035.)
  const headers = helmetHeaders(options);
  const only = (names: Set<string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name)));
  const assetHeaders = only(ASSET_HEADERS);
  const apiHeaders = {
    'content-security-policy': API_CSP,
    ...only(API_HEADERS),
    'cache-control': 'no-store',
  };
  const docsHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith(ASSETS_PREFIX)) reply.headers(assetHeaders);
    else if (!isApiPath(url)) reply.headers(headers);
    else reply.headers(isApiDocs(url) ? docsHeaders : apiHeaders);
    done();
  });
  // A page answered under /assets (the app for a path that is no file) takes them all again.
  return headers;
}

/** The built app's hashed scripts, styles and images (dist/web/assets). */
const ASSETS_PREFIX = '/assets/';

/**
 * What a script, style sheet or image of the app carries: the headers a browser reads on such a
 * file (no sniffing it as another type, no loading it from another site) and, over https, HSTS.
 * The others concern documents only (a policy, framing, the referrer, the opener, the origin
 * cluster), which a browser ignores on these files: each file of a screen carried 600 bytes of
 * them, some 40 kB per screen on a phone (ADR 035).
 */
const ASSET_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** The headers helmet sets for these options, captured from one run of its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => {});
  return headers;
}
