import { ACCOUNT_MESSAGES, SPONSOR_COMPRESSION_ERROR } from '@domain/accounts/messages';
import {
  AccountIdBody,
  ChangeCountryRequest,
  CompressAnswer,
  RestoreCheckAnswer,
} from '@domain/accounts/operations';
import { okMessage } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { failureAnswers } from './answers';
import * as genealogy from './genealogy.service';

// Restores and commission operations on the sponsor tree (spec 1 §4, §7; DESIGN §2, §4).

const tags = ['genealogy'];
const IdParams = z.object({ id: userUid('Not an account id') });
const restores = { action: 'membership.manage' } as const;
const commissions = { action: 'commissions.manage' } as const;
const compressionFailure = failureAnswers({
  invalid: (issue) => issue,
  internal: ACCOUNT_MESSAGES.compressionError,
  internalCode: SPONSOR_COMPRESSION_ERROR,
});

export function genealogyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const restoreRoutes = [
      [
        'account/:id/checkValidClientsAndMembersToBeRestored',
        'account/:id/restoreClientsAndMembersFromHQ',
        'clients',
        ACCOUNT_MESSAGES.restoreClientsSuccess,
        ACCOUNT_MESSAGES.restoreClientsFailed,
      ],
      [
        'consultant/:id/isRestoreDownlineConsultantsAvailable',
        'consultant/:id/restoreDownlineConsultants',
        'consultants',
        ACCOUNT_MESSAGES.restoreDownlineSuccess,
        ACCOUNT_MESSAGES.restoreDownlineFailed,
      ],
    ] as const;
    for (const [checkPath, restorePath, kind, ok, failed] of restoreRoutes) {
      app.get(
        `/api/cs/${checkPath}`,
        {
          config: { action: 'records.read' },
          schema: { tags, params: IdParams, response: { 200: RestoreCheckAnswer } },
        },
        async (request) => ({
          success: true as const,
          data: await genealogy.checkRestore(ctx, request.params.id, kind),
        }),
      );
      app.post(
        `/api/cs/${restorePath}`,
        {
          config: restores,
          ...failureAnswers({ invalid: failed }),
          schema: { tags, params: IdParams, response: { 200: okMessage } },
        },
        async (request) => {
          await genealogy.restore(ctx, request.staff!, request.params.id, kind);
          return { success: true as const, message: ok };
        },
      );
    }

    app.put(
      '/api/cs/commissions/compressAccountById',
      {
        config: commissions,
        ...compressionFailure,
        schema: { tags, body: AccountIdBody, response: { 200: CompressAnswer } },
      },
      async (request) => ({
        success: true as const,
        message: ACCOUNT_MESSAGES.success,
        data: await genealogy.compressAccount(ctx, request.staff!, request.body.accountId),
      }),
    );

    app.post(
      '/api/cs/compressDownline',
      {
        config: commissions,
        ...compressionFailure,
        schema: { tags, body: AccountIdBody, response: { 200: CompressAnswer } },
      },
      async (request) => ({
        success: true as const,
        message: ACCOUNT_MESSAGES.success,
        data: await genealogy.compressDownline(ctx, request.staff!, request.body.accountId),
      }),
    );

    app.post(
      '/api/cs/commissions/changeCountry',
      {
        config: commissions,
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.countryFailed }),
        schema: {
          tags,
          body: ChangeCountryRequest,
          response: { 200: okMessage.extend({ data: z.object({ jobId: z.number().int() }) }) },
        },
      },
      async (request) => ({
        success: true as const,
        message: ACCOUNT_MESSAGES.success,
        data: {
          jobId: await genealogy.changeCountryForCommissions(
            ctx,
            request.staff!,
            request.body.accountId,
            request.body.countryId,
          ),
        },
      }),
    );
  };
}
