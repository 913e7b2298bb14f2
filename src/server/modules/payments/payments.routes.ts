import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import { CardDetails, CardTokenAnswer, GatewayError } from '@domain/payments/gateway';
import { ERROR_CODES } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, unauthenticated } from '../../platform/errors';

// The gateway's own endpoint (ADR 013): a browser card form posts the card here and gets a token
// with brand and last 4; the API only ever sees the token. It lives outside /api (its own
// prefix, as a processor's card endpoint would), needs a signed-in staff member, and the server
// log never holds request bodies (platform/logging.ts), so the number is not written anywhere.

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/gateway/v1/cards',
      { schema: { tags: ['payments'], body: CardDetails, response: { 200: CardTokenAnswer } } },
      async (request) => {
        const header = request.headers.authorization;
        const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
        const cookie = request.cookies?.[SESSION_COOKIE] ?? null;
        if (!bearer && cookie && request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE)
          throw new AppError(403, `Missing ${CSRF_HEADER} header`, ERROR_CODES.csrf);
        const token = bearer ?? cookie;
        const staff = token ? await ctx.sessions.resolve(token, bearer ? 'bearer' : 'cookie') : null;
        if (!staff) throw unauthenticated();
        try {
          return { success: true as const, data: await ctx.gateway.tokenizeCard(request.body) };
        } catch (err) {
          if (err instanceof GatewayError) throw badRequest(err.message);
          throw err;
        }
      },
    );
  };
}
