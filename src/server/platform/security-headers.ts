import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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

/** The header value, as helmet writes it. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers on every answer (CSP, X-Frame-Options DENY, nosniff, no referrer; HSTS only
 * when the app is served over https) and `Cache-Control: no-store` on every /api answer, errors
 * and unknown paths included: they carry tokens and staff data.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  // reply.helmet() and per-route `helmet` options stay available for a route that needs its own.
  await app.register(fastifyHelmet, { ...options, global: false } as FastifyHelmetOptions);
  // The plugin builds helmet's middleware anew on every request (parsing the whole policy each
  // time); the headers never change, so helmet computes them once here.
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}

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
