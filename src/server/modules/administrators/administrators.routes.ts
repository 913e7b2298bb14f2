import {
  CreateStaffUserRequest,
  StaffListQuery,
  StaffUser,
  staffCreatedMessage,
  UpdateStaffUserRequest,
} from '@domain/auth/administrators';
import { ok } from '@domain/platform/envelope';
import { uuidId } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { jsonAnswer, sendJsonAnswer } from '../../platform/json-answer';
import { staffDataCache } from '../../platform/session-store';
import * as service from './administrators.service';

const IdParams = z.object({ id: uuidId('Not a staff user id') });
const config = { action: 'administrators.manage' } as const;
const tags = ['administrators'];

export function administratorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff change rarely and are listed often; the list is forgotten on every staff change.
    const ListAnswer = ok(z.array(StaffUser));
    const listStaff = staffDataCache(
      ctx.sessions,
      (query: StaffListQuery) => JSON.stringify(query),
      async (query) =>
        jsonAnswer(ListAnswer, { success: true as const, data: await service.listStaff(ctx, query) }),
    );
    app.get(
      '/api/administrators',
      { config, schema: { tags, querystring: StaffListQuery, response: { 200: ListAnswer } } },
      async (request, reply) => sendJsonAnswer(reply, await listStaff(request.query)),
    );

    app.post(
      '/api/administrators',
      {
        config,
        schema: {
          tags,
          body: CreateStaffUserRequest,
          response: { 200: z.object({ success: z.literal(true), data: StaffUser, message: z.string() }) },
        },
      },
      async (request) => {
        const data = await service.createStaff(ctx, request.staff!, request.body);
        return { success: true as const, data, message: staffCreatedMessage(data.name) };
      },
    );

    app.patch(
      '/api/administrators/:id',
      {
        config,
        schema: { tags, params: IdParams, body: UpdateStaffUserRequest, response: { 200: ok(StaffUser) } },
      },
      async (request) => ({
        success: true as const,
        data: await service.updateStaff(ctx, request.staff!, request.params.id, request.body),
      }),
    );

    for (const [verb, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      app.post(
        `/api/administrators/:id/${verb}`,
        { config, schema: { tags, params: IdParams, response: { 200: ok(StaffUser) } } },
        async (request) => ({
          success: true as const,
          data: await service.setActive(ctx, request.staff!, request.params.id, active),
        }),
      );
    }

    app.post(
      '/api/administrators/:id/sendPasswordLink',
      {
        config,
        schema: {
          tags,
          params: IdParams,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request) => ({
        success: true as const,
        message: await service.sendPasswordLink(ctx, request.staff!, request.params.id),
      }),
    );
  };
}
