import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies } from './cookies';

// The app's cookies give what @fastify/cookie gave: the same request.cookies and the same
// Set-Cookie headers for the options the app's routes use (ADR 047).

const SESSION = { httpOnly: true, sameSite: 'lax' as const, secure: true, path: '/' };
const VIEW = { httpOnly: true, sameSite: 'strict' as const, secure: false, path: '/api/customerView' };

function routes(app: FastifyInstance) {
  app.get('/read', async (request) => ({ cookies: request.cookies }));
  app.post('/in', async (_request, reply) => {
    reply.setCookie('bo_session', 'token-1', { ...SESSION, maxAge: 43_200 });
    return { ok: true };
  });
  app.post('/out', async (_request, reply) => {
    reply.clearCookie('bo_session', SESSION);
    return { ok: true };
  });
  app.post('/view', async (_request, reply) => {
    reply.setCookie('bo_customer_view', 'v-1', { ...VIEW, maxAge: 900 });
    return { ok: true };
  });
  app.post('/view-out', async (_request, reply) => {
    reply.clearCookie('bo_customer_view', VIEW);
    return { ok: true };
  });
  app.post('/two', async (_request, reply) => {
    reply.setCookie('a', '1').setCookie('b', '2', { path: '/x' });
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

  it.each(['/in', '/out', '/view', '/view-out', '/two', '/refused'])(
    'POST %s sets the cookies the plugin set',
    async (url) => {
      const [a, b] = await Promise.all([
        ours.inject({ method: 'POST', url }),
        plugin.inject({ method: 'POST', url }),
      ]);
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.headers['set-cookie']).toBeDefined();
      expect(a.headers['set-cookie']).toEqual(b.headers['set-cookie']);
    },
  );

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
