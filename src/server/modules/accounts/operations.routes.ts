import { AccountTypeHistoryEntry } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import {
  ACCOUNT_ACTIONS,
  ExpirationRequest,
  MembershipStatusRequest,
  PwsAvailability,
  PwsRequest,
  pwsKeyValue,
  ResendTermsRequest,
  SignInAsAnswer,
  UpdateStatusRequest,
} from '@domain/accounts/operations';
import { ok, okMessage } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { failureAnswers } from './answers';
import * as membership from './membership.service';
import * as operations from './operations.service';
import { pwsAvailability, savePws } from './pws.service';

// Account operations of spec 1 §7 "Customer and account updates" at /api/cs/…, with the
// permissions of DESIGN §4 and the messages of spec 1 §8.

const tags = ['account operations'];
const IdParams = z.object({ id: userUid('Not an account id') });
const membershipManage = { action: 'membership.manage' } as const;
const message = (text: string) => ({ success: true as const, message: text });

export function accountOperationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const membershipFailure = failureAnswers({
      invalid: (issue) => `${ACCOUNT_MESSAGES.membershipFailed}${issue}`,
    });
    app.post(
      '/api/cs/membership/status/:id',
      {
        config: membershipManage,
        ...membershipFailure,
        schema: { tags, params: IdParams, body: MembershipStatusRequest, response: { 200: okMessage } },
      },
      async (request) => {
        await membership.changeMembershipStatus(ctx, request.staff!, request.params.id, request.body);
        return message(ACCOUNT_MESSAGES.success);
      },
    );

    app.post(
      '/api/cs/membership/expiration/:id',
      {
        config: membershipManage,
        ...failureAnswers({
          invalid: (issue) =>
            issue === ACCOUNT_MESSAGES.emptyExpiration
              ? issue
              : `${ACCOUNT_MESSAGES.expirationFailed}${issue}`,
        }),
        schema: { tags, params: IdParams, body: ExpirationRequest, response: { 200: okMessage } },
      },
      async (request) => {
        await membership.updateExpiration(
          ctx,
          request.staff!,
          request.params.id,
          new Date(`${request.body.expirationDate}T00:00:00.000Z`),
        );
        return message(ACCOUNT_MESSAGES.expirationSuccess);
      },
    );

    app.post(
      '/api/cs/membership/lapseMember/:id',
      {
        config: membershipManage,
        ...failureAnswers({ invalid: (issue) => `${ACCOUNT_MESSAGES.lapseFailed}${issue}` }),
        schema: { tags, params: IdParams, response: { 200: okMessage } },
      },
      async (request) => {
        await membership.lapseMember(ctx, request.staff!, request.params.id);
        return message(ACCOUNT_MESSAGES.lapseSuccess);
      },
    );

    app.post(
      '/api/cs/account/restoreMemberToConsultant/:id',
      {
        config: membershipManage,
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.restoreMemberFailed }),
        schema: { tags, params: IdParams, response: { 200: okMessage } },
      },
      async (request) => {
        await membership.restoreMemberToConsultant(ctx, request.staff!, request.params.id);
        return message(ACCOUNT_MESSAGES.restoreMemberSuccess);
      },
    );

    app.get(
      '/api/cs/account/accountTypeHistory/:id',
      {
        config: { action: 'records.read' },
        schema: { tags, params: IdParams, response: { 200: ok(z.array(AccountTypeHistoryEntry)) } },
      },
      async (request) => ({
        success: true as const,
        data: await membership.accountTypeHistoryOf(ctx, request.params.id),
      }),
    );

    app.post(
      '/api/cs/updateStatus/:id',
      {
        config: membershipManage,
        ...failureAnswers({ invalid: (issue) => `${ACCOUNT_MESSAGES.statusFailed}${issue}` }),
        schema: { tags, params: IdParams, body: UpdateStatusRequest, response: { 200: okMessage } },
      },
      async (request) => {
        await operations.updateStatus(ctx, request.staff!, request.params.id, request.body.status);
        return message(ACCOUNT_MESSAGES.statusSuccess);
      },
    );

    app.post(
      '/api/cs/resendTcsAcceptanceEmail/:id',
      {
        config: { action: 'records.edit' },
        ...failureAnswers({ invalid: (issue) => `${ACCOUNT_MESSAGES.termsEmailFailed}${issue}` }),
        schema: { tags, params: IdParams, body: ResendTermsRequest.optional(), response: { 200: okMessage } },
      },
      async (request) => {
        await operations.resendTermsEmail(ctx, request.staff!, request.params.id, request.body?.email);
        return message(ACCOUNT_MESSAGES.termsEmailSuccess);
      },
    );

    app.post(
      '/api/cs/account/:id/custom-token',
      {
        config: { action: 'customers.signInAs' },
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.signInAsFailed }),
        schema: { tags, params: IdParams, response: { 200: SignInAsAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await operations.createCustomerToken(ctx, request.staff!, request.params.id),
      }),
    );

    app.post(
      '/api/account/open/customTokenLogin',
      {
        config: { action: 'public' },
        schema: {
          tags,
          body: z.object({ token: z.string().min(20).max(200) }),
          response: {
            200: ok(
              z.object({
                uid: z.string(),
                phoenixId: z.number(),
                fullName: z.string(),
                createdBy: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await operations.redeemCustomerToken(ctx, request.body.token),
      }),
    );

    app.post(
      '/api/cs/account/:id/:action',
      {
        config: { action: 'records.edit' },
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.resetPasswordFailed }),
        schema: {
          tags,
          params: IdParams.extend({ action: z.enum(ACCOUNT_ACTIONS) }),
          response: { 200: okMessage },
        },
      },
      async (request) => {
        await operations.sendResetPassword(ctx, request.staff!, request.params.id);
        return message(ACCOUNT_MESSAGES.resetPasswordSuccess);
      },
    );

    const pwsFailure = failureAnswers({ invalid: (issue) => `${ACCOUNT_MESSAGES.pwsFailed}: ${issue}` });
    for (const [method, mode] of [
      ['POST', 'create'],
      ['PUT', 'update'],
    ] as const) {
      app.route({
        method,
        url: '/api/cs/accounts/phoenix/pws',
        config: { action: 'records.edit' },
        ...pwsFailure,
        schema: { tags, body: PwsRequest, response: { 200: okMessage } },
        handler: async (request) => {
          await savePws(ctx, request.staff!, request.body, mode);
          return message(ACCOUNT_MESSAGES.success);
        },
      });
    }

    app.get(
      '/api/cs/accounts/phoenix/pws/:pwsKey',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          params: z.object({ pwsKey: pwsKeyValue }),
          querystring: z.object({
            phoenixId: z
              .string()
              .regex(/^\d{1,15}$/)
              .transform(Number)
              .optional(),
          }),
          response: { 200: PwsAvailability },
        },
      },
      async (request) => ({
        success: true as const,
        data: await pwsAvailability(ctx, request.params.pwsKey, request.query.phoenixId),
      }),
    );
  };
}
