import { AddressInput, AddressParams, ShippingAddress } from '@domain/addresses';
import { ok } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import * as service from './addresses.service';

// Address tab (spec 1 §2 Address): list, add, edit, delete, default shipping.

const Customer = z.object({ uid: userUid('Not a customer id') });
const CustomerAddress = Customer.extend(AddressParams.shape);
const SUCCESS = 'Successfully submitted';
const Saved = z.object({ success: z.literal(true), message: z.string(), data: ShippingAddress });
const tags = ['addresses'];
const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;
const base = '/api/cs/customer/:uid/addresses';

export function addressesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      { config: read, schema: { tags, params: Customer, response: { 200: ok(z.array(ShippingAddress)) } } },
      async (request) => ({
        success: true as const,
        data: await service.listAddresses(ctx, request.params.uid),
      }),
    );

    app.post(
      base,
      { config: edit, schema: { tags, params: Customer, body: AddressInput, response: { 200: Saved } } },
      async (request) => ({
        success: true as const,
        message: SUCCESS,
        data: await service.addAddress(ctx, request.staff!, request.params.uid, request.body),
      }),
    );

    app.put(
      `${base}/:addressId`,
      {
        config: edit,
        schema: { tags, params: CustomerAddress, body: AddressInput, response: { 200: Saved } },
      },
      async (request) => ({
        success: true as const,
        message: SUCCESS,
        data: await service.updateAddress(
          ctx,
          request.staff!,
          request.params.uid,
          request.params.addressId,
          request.body,
        ),
      }),
    );

    app.delete(
      `${base}/:addressId`,
      {
        config: edit,
        schema: {
          tags,
          params: CustomerAddress,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request) => {
        await service.deleteAddress(ctx, request.staff!, request.params.uid, request.params.addressId);
        return { success: true as const, message: SUCCESS };
      },
    );

    app.post(
      `${base}/:addressId/default`,
      { config: edit, schema: { tags, params: CustomerAddress, response: { 200: Saved } } },
      async (request) => ({
        success: true as const,
        message: SUCCESS,
        data: await service.makeDefault(ctx, request.staff!, request.params.uid, request.params.addressId),
      }),
    );
  };
}
