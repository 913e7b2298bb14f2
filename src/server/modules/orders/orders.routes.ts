import { AuditAnswer, AuditQuery } from '@domain/accounts/audit';
import { OrderDetailAnswer, OrderParams } from '@domain/orders/detail';
import {
  AddOrderCommentRequest,
  CancelOrderRequest,
  DhlStatusAnswer,
  FraudRequest,
  MessageAnswer,
  ORDER_MESSAGES,
  OrderDetailsAnswer,
  PopupReassignAnswer,
  PopupReassignRequest,
  RecalculateSocialAnswer,
  RecalculateSocialRequest,
  ResendTermsRequest,
  SiftDecisionRequest,
} from '@domain/orders/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { orderAudit } from './audit.service';
import * as ops from './operations.service';
import * as service from './orders.service';

// One order: detail, comments, cancel, fraud, emails, DHL status, popup (spec 2 §2, §4, §7).
// {id} is the order document id (orders.id). Paths the spec leaves open are in docs/api.md.

const tags = ['orders'];
const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;
const message = (m: string) => ({ success: true as const, message: m });

export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/order/:id',
      { config: read, schema: { tags, params: OrderParams, response: { 200: OrderDetailAnswer } } },
      async (request) => ({ success: true as const, data: await service.detail(ctx, request.params.id) }),
    );

    app.get(
      '/api/cs/order/:id/audit',
      {
        config: read,
        schema: { tags, params: OrderParams, querystring: AuditQuery, response: { 200: AuditAnswer } },
      },
      async (request) => orderAudit(ctx, request.params.id, request.query),
    );

    app.get(
      '/api/cs/order/:id/dhlStatus',
      { config: read, schema: { tags, params: OrderParams, response: { 200: DhlStatusAnswer } } },
      async (request) => ops.dhlStatus(ctx, request.params.id),
    );

    app.get(
      '/api/customer/orderDetails/:id',
      { config: read, schema: { tags, params: OrderParams, response: { 200: OrderDetailsAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.orderShipment(ctx, request.params.id),
      }),
    );

    app.post(
      '/api/cs/order/:id/comments',
      {
        config: edit,
        schema: { tags, params: OrderParams, body: AddOrderCommentRequest, response: { 200: MessageAnswer } },
      },
      async (request) =>
        message(await ops.addComment(ctx, request.staff!, request.params.id, request.body.comment)),
    );

    app.post(
      '/api/cs/cancelOrder/:id',
      {
        config: { action: 'orders.cancel' },
        schema: { tags, params: OrderParams, body: CancelOrderRequest, response: { 200: MessageAnswer } },
      },
      async (request) => message(await ops.cancelOrder(ctx, request.staff!, request.params.id, request.body)),
    );

    app.post(
      '/api/cs/order/:id/fraud',
      {
        config: { action: 'orders.fraud' },
        schema: { tags, params: OrderParams, body: FraudRequest, response: { 200: MessageAnswer } },
      },
      async (request) => {
        const staff = request.staff!;
        const decision = { isFraud: request.body.isFraud, analystEmail: staff.email };
        return message(await ops.setFraud(ctx, staff, request.params.id, decision, true));
      },
    );

    app.post(
      '/api/sift/apply-order-decision',
      {
        config: { action: 'orders.fraud' },
        schema: { tags, body: SiftDecisionRequest, response: { 200: MessageAnswer } },
      },
      async (request) => {
        const { orderId, ...decision } = request.body;
        return message(await ops.setFraud(ctx, request.staff!, orderId, decision, false));
      },
    );

    app.post(
      '/api/cs/resendOrderConfirmation/:id',
      { config: edit, schema: { tags, params: OrderParams, response: { 200: MessageAnswer } } },
      async (request) =>
        message(await ops.resendConfirmation(ctx, request.staff!, 'order-confirmation', request.params.id)),
    );

    app.post(
      '/api/cs/resendShippingConfirmation/:id',
      { config: edit, schema: { tags, params: OrderParams, response: { 200: MessageAnswer } } },
      async (request) =>
        message(
          await ops.resendConfirmation(ctx, request.staff!, 'shipping-confirmation', request.params.id),
        ),
    );

    app.post(
      '/api/cs/resendTermsEmail',
      { config: edit, schema: { tags, body: ResendTermsRequest, response: { 200: MessageAnswer } } },
      async (request) => message(await ops.resendTerms(ctx, request.staff!, request.body)),
    );

    app.post(
      '/api/cs/order/:id/popup',
      {
        config: edit,
        schema: {
          tags,
          params: OrderParams,
          body: PopupReassignRequest,
          response: { 200: PopupReassignAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        message: ORDER_MESSAGES.popupUpdated,
        data: await ops.reassignPopup(ctx, request.staff!, request.params.id, request.body.socialId),
      }),
    );

    app.post(
      '/api/cs/recalculateSocial',
      {
        config: edit,
        schema: { tags, body: RecalculateSocialRequest, response: { 200: RecalculateSocialAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await ops.recalculateSocial(ctx, request.staff!, request.body.id),
      }),
    );
  };
}
