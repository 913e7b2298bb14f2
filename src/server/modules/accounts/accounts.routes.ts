import { AccountComment, AccountRecordAnswer, AddCommentRequest } from '@domain/accounts/account';
import { AuditAnswer, AuditQuery } from '@domain/accounts/audit';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import {
  EnrollerQuery,
  UpdateCountryRequest,
  UpdateEnrollerRequest,
  UpdateSponsorRequest,
} from '@domain/accounts/operations';
import { UpdateProfilePatch } from '@domain/accounts/profile';
import {
  InvalidTaxAttemptsAnswer,
  SetTaxNumberRequest,
  SpecTaxNumberAnswer,
  SpecTaxNumberRequest,
  TaxNumberQuery,
} from '@domain/accounts/tax-number';
import { ok, okMessage } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { failureAnswers } from './answers';
import { accountAudit } from './audit.service';
import { invalidTaxAttempts } from './operations.service';
import * as profile from './profile.service';
import { getAccountRecord } from './record.service';
import { getSpecTaxNumber, setSpecTaxNumber, setTaxNumber } from './tax-number.service';

// The account record, profile, upline, country, comments, tax number and audit (spec 1 §2
// Customer detail and Audit, §7). Paths the spec leaves open are listed in docs/api.md.

export const UidParams = z.object({ uid: userUid('Not an account id') });
const tags = ['accounts'];
const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;
const success = { success: true as const, message: ACCOUNT_MESSAGES.success };

export function accountRecordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const answerRecord = async (uid: string) => ({
      success: true as const,
      data: await getAccountRecord(ctx, uid),
    });

    app.get(
      '/api/cs/customer/:uid',
      { config: read, schema: { tags, params: UidParams, response: { 200: AccountRecordAnswer } } },
      async (request) => answerRecord(request.params.uid),
    );

    app.put(
      '/api/cs/customer/:uid',
      {
        config: edit,
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.customerFailed }),
        schema: {
          tags,
          params: UidParams,
          body: UpdateProfilePatch,
          response: { 200: AccountRecordAnswer.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        await profile.updateProfile(ctx, request.staff!, request.params.uid, request.body);
        return { ...(await answerRecord(request.params.uid)), message: ACCOUNT_MESSAGES.success };
      },
    );

    app.post(
      '/api/cs/enrollerId/',
      {
        config: edit,
        ...failureAnswers({
          invalid: ACCOUNT_MESSAGES.missingIds,
          internal: ACCOUNT_MESSAGES.enrollerFailed,
        }),
        schema: {
          tags,
          querystring: EnrollerQuery,
          body: UpdateEnrollerRequest,
          response: { 200: okMessage },
        },
      },
      async (request) => {
        await profile.updateUpline(
          ctx,
          request.staff!,
          request.query.accountId,
          'enroller',
          request.body.enrollerId,
        );
        return success;
      },
    );

    app.post(
      '/api/cs/sponsorId/',
      {
        config: edit,
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.missingIds, internal: ACCOUNT_MESSAGES.failure }),
        schema: {
          tags,
          querystring: EnrollerQuery,
          body: UpdateSponsorRequest,
          response: { 200: okMessage },
        },
      },
      async (request) => {
        await profile.updateUpline(
          ctx,
          request.staff!,
          request.query.accountId,
          'sponsor',
          request.body.sponsorId,
        );
        return success;
      },
    );

    // The country is a commissions change (DESIGN §4, ADR 018), whichever route moves it.
    app.post(
      '/api/cs/customer/:uid/country',
      {
        config: { action: 'commissions.manage' },
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.countryFailed }),
        schema: { tags, params: UidParams, body: UpdateCountryRequest, response: { 200: okMessage } },
      },
      async (request) => {
        await profile.updateCountry(ctx, request.staff!, request.params.uid, request.body.countryId);
        return success;
      },
    );

    app.get(
      '/api/cs/customer/:uid/comments',
      { config: read, schema: { tags, params: UidParams, response: { 200: ok(z.array(AccountComment)) } } },
      async (request) => ({
        success: true as const,
        data: await profile.listComments(ctx, request.params.uid),
      }),
    );

    app.post(
      '/api/cs/customer/:uid/comments',
      {
        config: edit,
        ...failureAnswers({ invalid: ACCOUNT_MESSAGES.commentFailed }),
        schema: {
          tags,
          params: UidParams,
          body: AddCommentRequest,
          response: {
            200: z.object({ success: z.literal(true), data: AccountComment, message: z.string() }),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await profile.addComment(ctx, request.staff!, request.params.uid, request.body),
        message: ACCOUNT_MESSAGES.success,
      }),
    );

    app.get(
      '/api/cs/invalid-tax-number/attempts/:uid',
      { config: read, schema: { tags, params: UidParams, response: { 200: InvalidTaxAttemptsAnswer } } },
      async (request) => ({ success: true as const, ...(await invalidTaxAttempts(ctx, request.params.uid)) }),
    );

    // Spec 2 §7 GET/POST /cs/taxNumber?accountId answer status false on failure; the detail
    // screen's POST {uid, ssn|sin|…} shares the path and keeps its own shape.
    const withStatus = failureAnswers({
      invalid: (issue) => issue,
      internal: ACCOUNT_MESSAGES.failure,
      extra: { status: false },
    });

    app.get(
      '/api/cs/taxNumber',
      {
        config: read,
        ...withStatus,
        schema: {
          tags,
          querystring: TaxNumberQuery,
          response: { 200: SpecTaxNumberAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        status: true as const,
        data: await getSpecTaxNumber(ctx, request.query.accountId),
      }),
    );

    app.post(
      '/api/cs/taxNumber',
      {
        config: edit,
        ...withStatus,
        schema: {
          tags,
          description:
            "With ?accountId the body is the spec's {taxNumber, isEntity, entityName} (spec 2 §7); " +
            "without it, the detail screen's {uid, ssn|sin|taxId|businessNumber, isEntity, entityName}.",
          querystring: TaxNumberQuery.partial(),
          body: z.union([SetTaxNumberRequest, SpecTaxNumberRequest]),
          response: { 200: okMessage.extend({ status: z.literal(true).optional() }) },
        },
        // Each shape is checked by its own schema, so a bad number answers its own message.
        preValidation: async (request) => {
          const query = request.query as { accountId?: unknown };
          const shape = query?.accountId !== undefined ? SpecTaxNumberRequest : SetTaxNumberRequest;
          const parsed = shape.safeParse(request.body);
          if (!parsed.success) {
            const issues = parsed.error.issues.map((i) => ({
              path: ['body', ...i.path.map(String)].join('.'),
              message: i.message,
            }));
            throw badRequest(issues[0]?.message ?? ACCOUNT_MESSAGES.tinInvalid, issues);
          }
        },
      },
      async (request) => {
        const { accountId } = request.query;
        const body = request.body;
        if (accountId !== undefined) {
          if (!('taxNumber' in body)) throw badRequest(ACCOUNT_MESSAGES.tinInvalid);
          await setSpecTaxNumber(ctx, request.staff!, accountId, body);
          return { ...success, status: true as const };
        }
        if (!('uid' in body)) throw badRequest('Not an account id');
        await setTaxNumber(ctx, request.staff!, body);
        return success;
      },
    );

    app.get(
      '/api/customers/:uid/audit',
      {
        config: read,
        schema: { tags, params: UidParams, querystring: AuditQuery, response: { 200: AuditAnswer } },
      },
      async (request) => accountAudit(ctx, request.params.uid, request.query),
    );
  };
}
