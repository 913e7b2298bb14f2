import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import {
  CUSTOMER_VIEW_API,
  CUSTOMER_VIEW_COOKIE,
  CUSTOMER_VIEW_TTL_MS,
  CustomerViewOverviewAnswer,
  CustomerViewSessionAnswer,
  RedeemCustomerTokenRequest,
} from '@domain/customer-view/contracts';
import { ERROR_CODES } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { revokeCustomerViewSession } from '../../platform/customer-view-sessions';
import { AppError } from '../../platform/errors';
import * as service from './customer-view.service';

// The customer view's API (ADR 022). Following the link is public (the token is the credential);
// every other route needs the customer view session (`customerView`), which the guard takes from
// its own cookie only, and which no staff route accepts.

const tags = ['customer view'];
const view = { action: 'customerView' } as const;

export function customerViewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cookie = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.cookieSecure,
    path: CUSTOMER_VIEW_API,
  };
  return async (app) => {
    app.post(
      `${CUSTOMER_VIEW_API}/session`,
      {
        config: { action: 'public' },
        schema: { tags, body: RedeemCustomerTokenRequest, response: { 200: CustomerViewSessionAnswer } },
      },
      async (request, reply) => {
        // It sets a cookie: only the app's own page may call it (a form elsewhere cannot add the header).
        if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE)
          throw new AppError(403, `Missing ${CSRF_HEADER} header`, ERROR_CODES.csrf);
        const opened = await service.openCustomerView(ctx, request.body.token);
        reply.setCookie(CUSTOMER_VIEW_COOKIE, opened.token, {
          ...cookie,
          maxAge: CUSTOMER_VIEW_TTL_MS / 1000,
        });
        return { success: true as const, data: opened.info };
      },
    );

    app.get(
      `${CUSTOMER_VIEW_API}/session`,
      { config: view, schema: { tags, response: { 200: CustomerViewSessionAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.sessionInfo(ctx, request.customerView!),
      }),
    );

    app.delete(
      `${CUSTOMER_VIEW_API}/session`,
      { config: view, schema: { tags, response: { 200: z.object({ success: z.literal(true) }) } } },
      async (request, reply) => {
        await revokeCustomerViewSession(ctx.db, request.customerView!.sessionId);
        reply.clearCookie(CUSTOMER_VIEW_COOKIE, cookie);
        return { success: true as const };
      },
    );

    app.get(
      `${CUSTOMER_VIEW_API}/overview`,
      { config: view, schema: { tags, response: { 200: CustomerViewOverviewAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.overview(ctx, request.customerView!),
      }),
    );
  };
}
