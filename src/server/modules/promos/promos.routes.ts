import { RestoreVersionRequest, RuleHistoryAnswer } from '@domain/promos/history';
import { pacificLabel } from '@domain/promos/pacific-time';
import {
  BulkUpdateAnswer,
  BulkUpdateRequest,
  DeployRuleRequest,
  EditRuleRequest,
  PROMO_MESSAGES,
  PromoRuleRecord,
  RescheduleRequest,
  RulesAnswer,
  SimulateRequest,
  SimulationInputAnswer,
  type SimulatorSalesTax,
} from '@domain/promos/tool';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { errorAnswer } from '../../platform/errors';
import * as history from './promos.history';
import * as repo from './promos.repo';
import * as service from './promos.service';
import * as simulator from './promos.simulator';

// Promo service (spec 3 §7) under /api. Writes answer {success, message, errors}; failures carry
// the same fields beside the house envelope's error, code and issues.

const tags = ['promos'];
const saved = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Always empty on success (the spec keeps the field; failures answer 400 with the issues). */
  errors: z.array(z.string()).max(0),
  data: PromoRuleRecord,
});

export function promosRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec 3 §5/§7: the promo service's answers always carry success, message and errors — a
    // refused save of any kind (a rule that does not compile, a body of the wrong shape, malformed
    // JSON, no permission) as much as a saved one: the screen keeps the errors and alerts the message.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body, headers } = errorAnswer(error, request);
      if (headers) reply.headers(headers);
      return reply.status(status).send({
        ...body,
        message: body.error,
        errors: body.issues ?? [],
        requestId: String(request.id),
      });
    });

    app.get(
      '/api/promorules',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          response: {
            200: z.object({ success: z.literal(true), rules: z.array(z.record(z.string(), z.unknown())) }),
          },
        },
      },
      async () => ({ success: true as const, rules: await service.cartRules(ctx) }),
    );

    app.get(
      '/api/cs/promo/pendingRules',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          response: { 200: z.object({ success: z.literal(true), data: z.array(PromoRuleRecord) }) },
        },
      },
      async () => ({ success: true as const, data: await service.pendingRules(ctx) }),
    );

    app.get(
      '/api/cs/promo/rules',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          querystring: z.object({ prod: z.enum(['true', 'false']).optional() }),
          response: { 200: RulesAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.rulesByCollection(ctx, request.query.prod === 'true'),
      }),
    );

    app.post(
      '/api/cs/promo/editRule',
      // drafts need promos.edit, pending promos.publish, active promos.deploy: checked by the service.
      { config: { action: 'session' }, schema: { tags, body: EditRuleRequest, response: { 200: saved } } },
      async (request) => ({
        success: true as const,
        message: PROMO_MESSAGES.saved,
        errors: [],
        data: await service.editRule(ctx, request.staff!, request.body),
      }),
    );

    app.post(
      '/api/cs/promo/deployRule',
      {
        config: { action: 'promos.deploy' },
        schema: { tags, body: DeployRuleRequest, response: { 200: saved } },
      },
      async (request) => ({
        success: true as const,
        // The spec's reminder to set active by hand, unless "Also set active" did it.
        message: request.body.active ? PROMO_MESSAGES.deployedActive : PROMO_MESSAGES.deployed,
        errors: [],
        data: await service.deployRule(ctx, request.staff!, request.body),
      }),
    );

    app.post(
      '/api/cs/promos/reschedule',
      {
        config: { action: 'promos.deploy' },
        schema: { tags, body: RescheduleRequest, response: { 200: saved } },
      },
      async (request) => {
        const data = await service.reschedule(ctx, request.staff!, request.body);
        const at = (data.publishToProd as { _seconds?: number })._seconds ?? 0;
        return {
          success: true as const,
          message: PROMO_MESSAGES.rescheduled(data.name, pacificLabel(at)),
          errors: [],
          data,
        };
      },
    );

    app.post(
      '/api/cs/promos/:id/deploy',
      {
        config: { action: 'promos.deploy' },
        schema: { tags, params: z.object({ id: z.string().min(1).max(200) }), response: { 200: saved } },
      },
      async (request) => ({
        success: true as const,
        message: PROMO_MESSAGES.deployed,
        errors: [],
        data: await service.deployByName(ctx, request.staff!, request.params.id),
      }),
    );

    app.post(
      '/api/cs/promos/create',
      {
        // pending/drafts need promoAccess, production junoAccess: checked by the service per collection.
        config: { action: 'session' },
        schema: {
          tags,
          body: z.object({
            data: z.record(z.string(), z.unknown()),
            collection: z.enum(['pending', 'drafts', 'production']),
          }),
          response: { 200: saved },
        },
      },
      async (request) => {
        const { record, message } = await service.createPromo(ctx, request.staff!, request.body);
        return { success: true as const, message, errors: [], data: record };
      },
    );

    app.get(
      '/api/cs/promo/products',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          querystring: z.object({ q: z.string().trim().min(1).max(80) }),
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.array(z.object({ sku: z.string(), title: z.string() })),
            }),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await repo.searchProducts(ctx.db, request.query.q),
      }),
    );

    // The simulator's reasons name products: titles and first category of the SKUs they list.
    app.post(
      '/api/cs/promo/productNames',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          body: z.object({ skus: z.array(z.string().min(1).max(80)).max(2000) }),
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.array(
                z.object({ sku: z.string(), title: z.string(), category: z.string().nullable() }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await repo.productNames(ctx.db, [...new Set(request.body.skus)]),
      }),
    );

    app.get(
      '/api/cs/promos/tags',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          response: { 200: z.object({ success: z.literal(true), promoTagsList: z.array(z.string()) }) },
        },
      },
      async () => ({ success: true as const, promoTagsList: await service.tags(ctx) }),
    );

    app.post(
      '/api/cs/promos/bulkUpdate',
      {
        // Each collection's own permission is checked by the service (drafts edit, pending publish, live deploy).
        config: { action: 'session' },
        schema: { tags, body: BulkUpdateRequest, response: { 200: BulkUpdateAnswer } },
      },
      async (request) => {
        const { changes, message } = await service.bulkUpdate(ctx, request.staff!, request.body);
        return { success: true, message, errors: [], changes };
      },
    );

    app.post(
      '/api/cs/promo/simulationInput',
      {
        // The simulator in the browser (flag promoToolCartApi off): what to price, priced there.
        config: { action: 'records.read' },
        schema: { tags, body: SimulateRequest, response: { 200: SimulationInputAnswer } },
      },
      async (request) => {
        const { input, rules, salesTax } = await simulator.handover(ctx, request.body);
        return {
          success: true as const,
          data: { input, rules, salesTax } as unknown as {
            input: Record<string, unknown>;
            rules: Record<string, unknown>[];
            salesTax: SimulatorSalesTax | null;
          },
        };
      },
    );

    app.get(
      '/api/cs/promos/:name/history',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          params: z.object({ name: z.string().trim().min(1).max(200) }),
          response: { 200: RuleHistoryAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await history.ruleHistory(ctx, request.params.name),
      }),
    );

    app.post(
      '/api/cs/promos/:name/restore',
      {
        // promoAccess (promos.edit): checked by the service, with the spec's message.
        config: { action: 'session' },
        schema: {
          tags,
          params: z.object({ name: z.string().trim().min(1).max(200) }),
          body: RestoreVersionRequest,
          response: { 200: saved },
        },
      },
      async (request) => {
        const { record, message } = await history.restoreVersion(
          ctx,
          request.staff!,
          request.params.name,
          request.body.versionId,
        );
        return { success: true as const, message, errors: [], data: record };
      },
    );

    app.post(
      '/api/cs/promo/shippingRates',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          body: SimulateRequest,
          response: { 200: z.object({ success: z.literal(true), data: z.record(z.string(), z.unknown()) }) },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await simulator.simulate(ctx, request.body)) as unknown as Record<string, unknown>,
      }),
    );
  };
}
