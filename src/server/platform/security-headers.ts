import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
