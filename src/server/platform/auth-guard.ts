import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import { can, type RouteAction } from '@domain/auth/permissions';
import { CUSTOMER_VIEW_COOKIE } from '@domain/customer-view/contracts';
import { ERROR_CODES } from '@domain/platform/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CustomerViewPrincipal, resolveCustomerViewSession } from './customer-view-sessions';
import type { Db } from './db';
import { AppError, forbidden, unauthenticated } from './errors';
import type { SessionStore } from './session-store';
import type { StaffPrincipal } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    /** The raw session token this request came with, if any. */
    sessionToken: string | null;
    /** The customer view behind a `customerView` route (never set on any other route). */
    customerView: CustomerViewPrincipal | null;
  }
  interface FastifyInstance {
    /** Every API route with its permission action, for the permission tests and the docs. */
    routeActions: { method: string; url: string; action: RouteAction }[];
  }
  interface FastifyContextConfig {
    /** The permission this route needs (DESIGN §4); `public` needs no session. */
    action?: RouteAction;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Authentication and authorisation for every API route, applied once: every /api route must
 * declare an action (checked when routes are registered), the session comes from the cookie or
 * a bearer token, and cookie-authenticated writes must carry the CSRF header.
 */
export function registerAuthGuard(app: FastifyInstance, sessions: SessionStore, db: Db) {
  app.decorateRequest('staff', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('customerView', null);
  const routeActions: FastifyInstance['routeActions'] = [];
  app.decorate('routeActions', routeActions);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const action = route.config?.action;
    if (!action) throw new Error(`Route ${route.method} ${route.url} declares no permission action`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeActions.push({ method, url: route.url, action });
    }
  });

  // A callback hook, not an async one: most requests are decided without waiting for anything
  // (no session, or one this process remembers), and then cost no promise (ADR 035).
  app.addHook('onRequest', (request, _reply, done) => {
    const action = request.routeOptions.config?.action;
    if (!action) return done();
    if (action === 'customerView') {
      guardCustomerView(request, db).then(() => done(), done);
      return;
    }
    const bearer = bearerToken(request);
    const cookie = request.cookies?.[SESSION_COOKIE] ?? null;
    const token = bearer ?? cookie;
    if (
      cookie &&
      !bearer &&
      MUTATING.has(request.method) &&
      request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE
    ) {
      return done(new AppError(403, `Missing ${CSRF_HEADER} header`, ERROR_CODES.csrf));
    }
    if (!token) return done(refusal(null, action));
    request.sessionToken = token;
    const authType = bearer ? 'bearer' : 'cookie';
    const remembered = sessions.resolveRemembered(token, authType);
    if (remembered) {
      request.staff = remembered;
      return done(refusal(remembered, action));
    }
    sessions.resolve(token, authType).then((staff) => {
      request.staff = staff;
      done(refusal(staff, action));
    }, done);
  });
}

/** Why a request with this staff member (or none) may not run a route of this action; undefined: it may. */
function refusal(
  staff: StaffPrincipal | null,
  action: Exclude<RouteAction, 'customerView'>,
): AppError | undefined {
  if (action === 'public') return undefined;
  if (!staff) return unauthenticated();
  if (!can(staff, action)) return forbidden();
  return undefined;
}

/**
 * A customer view route: only the customer view cookie opens it (no bearer, no staff session),
 * and it is never read anywhere else. Writes carry the CSRF header as staff writes do.
 */
async function guardCustomerView(request: FastifyRequest, db: Db) {
  const token = request.cookies?.[CUSTOMER_VIEW_COOKIE] ?? null;
  if (token && MUTATING.has(request.method) && request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new AppError(403, `Missing ${CSRF_HEADER} header`, ERROR_CODES.csrf);
  }
  request.customerView = token ? await resolveCustomerViewSession(db, token) : null;
  if (!request.customerView) throw unauthenticated();
}
