import { ok } from '@domain/platform/envelope';
import { FeatureFlag, FeatureFlagsResponse, SetFeatureFlagRequest } from '@domain/platform/feature-flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { flagsEditable, listFlags, setFlag } from './flags.service';

export function flagsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/flags',
      { config: { action: 'session' }, schema: { tags: ['flags'], response: { 200: FeatureFlagsResponse } } },
      async () => ({ success: true as const, data: await listFlags(ctx), editable: flagsEditable(ctx) }),
    );

    app.get(
      '/api/flags/:name',
      {
        config: { action: 'session' },
        schema: {
          tags: ['flags'],
          params: z.object({ name: z.string().max(60) }),
          response: { 200: ok(FeatureFlag) },
        },
      },
      async (request) => {
        const flag = (await listFlags(ctx)).find((f) => f.name === request.params.name);
        if (!flag) throw notFound(`No feature flag named ${request.params.name}.`);
        return { success: true as const, data: flag };
      },
    );

    app.put(
      '/api/flags/:name',
      {
        config: { action: 'developer.tools' },
        schema: {
          tags: ['flags'],
          params: z.object({ name: z.string().max(60) }),
          body: SetFeatureFlagRequest,
          response: { 200: ok(FeatureFlag) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await setFlag(ctx, request.staff!, request.params.name, request.body.enabled),
      }),
    );
  };
}
