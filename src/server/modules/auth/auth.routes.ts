import {
  ABSOLUTE_TIMEOUT_MS,
  AuthMessageAnswer,
  ConfirmEmailAnswer,
  ConfirmEmailRequest,
  DevModeRequest,
  FORGOT_PASSWORD_FAILURE,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  ResetTokenAnswer,
  SESSION_COOKIE,
  SessionInfo,
  UpdateEmailRequest,
} from '@domain/auth/contracts';
import { ok } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { revokeSessionByToken } from '../../platform/sessions';
import * as auth from './auth.service';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: ctx.config.cookieSecure,
      path: '/',
    };

    app.post(
      '/api/auth/login',
      {
        config: { action: 'public' },
        schema: { tags: ['session'], body: LoginRequest, response: { 200: LoginResponse } },
      },
      async (request, reply) => {
        // Sign-in rotates the session: whatever token came with the request stops working.
        if (request.sessionToken) {
          await revokeSessionByToken(ctx.db, request.sessionToken);
          ctx.sessions.forgetToken(request.sessionToken);
        }
        const result = await auth.login(ctx, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.setCookie(SESSION_COOKIE, result.token, {
          ...cookieOptions,
          maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
        });
        return {
          success: true as const,
          email: result.staff.email,
          token: result.token,
          session: auth.sessionInfo(ctx, result.staff),
        };
      },
    );

    app.get(
      '/api/auth/session',
      { config: { action: 'public' }, schema: { tags: ['session'], response: { 200: SessionInfo } } },
      async (request) => auth.sessionInfo(ctx, request.staff),
    );

    app.post(
      '/api/auth/logout',
      {
        config: { action: 'public' },
        schema: { tags: ['session'], response: { 200: z.object({ success: z.literal(true) }) } },
      },
      async (request, reply) => {
        if (request.sessionToken) {
          await revokeSessionByToken(ctx.db, request.sessionToken);
          ctx.sessions.forgetToken(request.sessionToken);
        }
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { success: true as const };
      },
    );

    app.post(
      '/api/auth/devMode',
      {
        config: { action: 'developer.tools' },
        schema: { tags: ['session'], body: DevModeRequest, response: { 200: ok(SessionInfo) } },
      },
      async (request) => {
        const staff = await auth.setDevMode(ctx, request.staff!, request.body.enabled);
        return { success: true as const, data: auth.sessionInfo(ctx, staff) };
      },
    );

    app.post(
      '/api/auth/updateEmail',
      {
        config: { action: 'session' },
        schema: { tags: ['session'], body: UpdateEmailRequest, response: { 200: AuthMessageAnswer } },
      },
      async (request) => ({
        success: true,
        message: await auth.updateEmail(ctx, request.staff!, request.body.uid, request.body.email),
      }),
    );

    app.post(
      '/api/auth/confirmEmail',
      {
        config: { action: 'public' },
        schema: {
          tags: ['session'],
          body: ConfirmEmailRequest,
          response: { 200: ConfirmEmailAnswer },
        },
      },
      async (request) => {
        const email = await auth.confirmEmail(ctx, request.body.token);
        return { success: true as const, message: 'Your sign-in email is now confirmed.', email };
      },
    );

    app.post(
      '/api/accounts/forgotPassword',
      {
        config: { action: 'public' },
        schema: {
          tags: ['session'],
          body: ForgotPasswordRequest,
          response: { 200: AuthMessageAnswer, 500: AuthMessageAnswer },
        },
      },
      async (request, reply) => {
        try {
          return { success: true, message: await auth.forgotPassword(ctx, request.body.email) };
        } catch (err) {
          request.log.error({ err }, 'forgot password failed');
          return reply.status(500).send({ success: false, message: FORGOT_PASSWORD_FAILURE });
        }
      },
    );

    app.get(
      '/api/accounts/resetPassword/:token',
      {
        config: { action: 'public' },
        schema: {
          tags: ['session'],
          params: z.object({ token: z.string().max(200) }),
          response: { 200: ResetTokenAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await auth.resetTokenInfo(ctx, request.params.token),
      }),
    );

    app.post(
      '/api/accounts/resetPassword',
      {
        config: { action: 'public' },
        schema: { tags: ['session'], body: ResetPasswordRequest, response: { 200: AuthMessageAnswer } },
      },
      async (request) => {
        await auth.resetPassword(ctx, request.body.token, request.body.password, { ip: request.ip });
        return { success: true, message: 'Your password has been updated. Sign in with your new password.' };
      },
    );
  };
}
