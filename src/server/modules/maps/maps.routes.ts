import {
  AutocompleteAnswer,
  AutocompleteQuery,
  MapsFindAnswer,
  MapsFindQuery,
  MapsSearchAnswer,
  MapsSearchQuery,
  PostalCodeAnswer,
  PostalCodeQuery,
  VerifyAnswer,
  VerifyQuery,
} from '@domain/maps/maps';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { autocomplete, mapsFind, mapsSearch, verifyAddress } from './maps.service';
import { placeOfPostalCode } from './zip-dataset';

// Address services (spec 3 §7): GET /api/maps/search and /api/maps/find (spec paths), and the
// autocomplete and verification services at GET /api/address/autocomplete and /api/address/verify
// (paths not shown; docs/api.md). Failures answer empty data, as the spec says.

const read = { action: 'records.read' } as const;
const tags = ['addresses'];

export function mapsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/maps/search',
      { config: read, schema: { tags, querystring: MapsSearchQuery, response: { 200: MapsSearchAnswer } } },
      async (request) => {
        try {
          return { success: true, data: await mapsSearch(ctx.db, request.query) };
        } catch (err) {
          request.log.warn({ err }, 'maps search failed');
          return { success: false, data: [] };
        }
      },
    );
    app.get(
      '/api/maps/find',
      {
        config: read,
        schema: {
          tags,
          querystring: MapsFindQuery.extend({ uid: z.string().max(64).optional() }),
          response: { 200: MapsFindAnswer },
        },
      },
      async (request) => {
        try {
          const found = await mapsFind(ctx.db, request.query.place_id, request.query.uid);
          return { success: found !== null, data: found };
        } catch (err) {
          request.log.warn({ err }, 'maps find failed');
          return { success: false, data: null };
        }
      },
    );
    app.get(
      '/api/address/autocomplete',
      {
        config: read,
        schema: { tags, querystring: AutocompleteQuery, response: { 200: AutocompleteAnswer } },
      },
      async (request) => {
        const found = await autocomplete(ctx.db, request.query);
        return {
          Results: found.map((s) => ({
            Address: {
              Address: s.label,
              DeliveryAddress: s.address,
              Locality: s.city,
              AdministrativeArea: s.state,
              PostalCode: s.zip,
              ISO3166_2: s.country,
            },
            Source: s.source,
          })),
        };
      },
    );
    // The dataset's region for one code, for the address form's ZIP/state check before saving.
    app.get(
      '/api/address/postal-code',
      { config: read, schema: { tags, querystring: PostalCodeQuery, response: { 200: PostalCodeAnswer } } },
      async (request) => {
        const place = placeOfPostalCode(request.query.code, request.query.country === 'CA' ? 2 : 1);
        return {
          success: true as const,
          data: place ? { postalCode: place.postalCode, region: place.region } : null,
        };
      },
    );
    app.get(
      '/api/address/verify',
      { config: read, schema: { tags, querystring: VerifyQuery, response: { 200: VerifyAnswer } } },
      async (request) => verifyAddress(request.query),
    );
  };
}
