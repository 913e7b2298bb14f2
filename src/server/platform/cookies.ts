import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type CookieOptions = Parameters<FastifyReply['setCookie']>[2];

const parsed = Symbol('parsed cookies');

declare module 'fastify' {
  interface FastifyRequest {
    [parsed]: Record<string, string | undefined> | null;
  }
}

/**
 * `request.cookies`, read from the Cookie header the first time something asks for it (the auth
 * guard, the page's session hint), and `reply.setCookie` / `reply.clearCookie`, which add their
 * Set-Cookie header at once. The same names and cookie rules as @fastify/cookie (its parser and
 * serializer; `SameSite=Lax` unless a route says otherwise; a cleared cookie is empty, expired and
 * `Max-Age=0` on the path `/` unless given), without the plugin's two hooks, which parsed the header
 * and looked for cookies to write on every request, asked or not (ADR 047).
 */
export function registerCookies(app: FastifyInstance) {
  app.decorateRequest(parsed, null);
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      if (this[parsed] === null) {
        const header = this.headers.cookie;
        this[parsed] = header ? fastifyCookie.parse(header) : {};
      }
      return this[parsed];
    },
  } as never);
  app.decorateReply(
    'setCookie',
    function setCookie(this: FastifyReply, name: string, value: string, options?: CookieOptions) {
      const header = fastifyCookie.serialize(name, value, { sameSite: 'lax', ...options } as never);
      return this.header('set-cookie', header);
    },
  );
  app.decorateReply(
    'clearCookie',
    function clearCookie(this: FastifyReply, name: string, options?: CookieOptions) {
      return this.setCookie(name, '', {
        path: '/',
        ...options,
        expires: new Date(0),
        maxAge: 0,
        signed: false,
      });
    },
  );
}
