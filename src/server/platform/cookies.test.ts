import { SESSION_COOKIE } from '@domain/auth/session-constants';
import { CUSTOMER_VIEW_API, CUSTOMER_VIEW_COOKIE } from '@domain/customer-view/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies } from './cookies';

// The app's cookies give what @fastify/cookie gave: the same request.cookies and the same
// Set-Cookie headers for the options the app's routes use (ADR 047).

// The options of the routes that set and clear them (auth.routes.ts, customer-view.routes.ts).
const SESSION = { httpOnly: true, sameSite: 'lax' as const, secure: true, path: '/' };
const VIEW = { httpOnly: true, sameSite: 'strict' as const, secure: false, path: CUSTOMER_VIEW_API };

/** What each POST route does to its answer's cookies. */
const WRITES: Record<string, (reply: FastifyReply) => void> = {
  '/in': (reply) => reply.setCookie(SESSION_COOKIE, 'token-1', { ...SESSION, maxAge: 43_200 }),
  '/out': (reply) => reply.clearCookie(SESSION_COOKIE, SESSION),
  '/view': (reply) => reply.setCookie(CUSTOMER_VIEW_COOKIE, 'v-1', { ...VIEW, maxAge: 900 }),
  '/view-out': (reply) => reply.clearCookie(CUSTOMER_VIEW_COOKIE, VIEW),
  '/two': (reply) => reply.setCookie('a', '1').setCookie('b', '2', { path: '/x' }),
};

function routes(app: FastifyInstance) {
  app.get('/read', async (request) => ({ cookies: request.cookies }));
  for (const [url, write] of Object.entries(WRITES))
    app.post(url, async (_request, reply) => {
      write(reply);
      return { ok: true };
    });
  app.post('/refused', async (_request, reply) => {
    reply.setCookie('a', '1');
    throw Object.assign(new Error('no'), { statusCode: 409 });
  });
}

const ours = Fastify();
const plugin = Fastify();
beforeAll(async () => {
  registerCookies(ours);
  routes(ours);
  await plugin.register(fastifyCookie);
  routes(plugin);
  await Promise.all([ours.ready(), plugin.ready()]);
});
afterAll(() => Promise.all([ours.close(), plugin.close()]));

describe('cookies without the plugin', () => {
  it.each(['bo_session=abc', 'bo_session=abc; bo_customer_view=v%201; other=x', 'broken; =; a=1', ''])(
    'reads the Cookie header %j as the plugin did',
    async (cookie) => {
      const headers = cookie ? { cookie } : {};
      const [a, b] = await Promise.all([
        ours.inject({ method: 'GET', url: '/read', headers }),
        plugin.inject({ method: 'GET', url: '/read', headers }),
      ]);
      expect(a.json()).toEqual(b.json());
    },
  );

  it.each([...Object.keys(WRITES), '/refused'])('POST %s sets the cookies the plugin set', async (url) => {
    const [a, b] = await Promise.all([
      ours.inject({ method: 'POST', url }),
      plugin.inject({ method: 'POST', url }),
    ]);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.headers['set-cookie']).toBeDefined();
    expect(a.headers['set-cookie']).toEqual(b.headers['set-cookie']);
  });

  it('clears a cookie: empty, expired, Max-Age=0', async () => {
    const res = await ours.inject({ method: 'POST', url: '/out' });
    expect(res.headers['set-cookie']).toBe(
      'bo_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('adds no hook to the requests that never ask for a cookie', () => {
    expect(ours.printPlugins()).not.toContain('@fastify/cookie');
    // The plugin's hooks are on every route of the app that registers it.
    expect(plugin.printRoutes({ includeHooks: true })).toContain('fastifyCookieHandler()');
    const hooks = ours.printRoutes({ includeHooks: true });
    expect(hooks).not.toMatch(/onRequest|preHandler|fastifyCookie/);
    expect(hooks.match(/onSend/g)).toHaveLength(1); // Fastify's own, on the HEAD route only
  });
});
