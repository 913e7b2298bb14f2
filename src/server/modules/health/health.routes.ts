import { Health } from '@domain/platform/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedLoader } from '../../platform/cache';
import type { AppContext } from '../../platform/context';
import { pingDatabase } from '../../platform/db';

const startedAt = Date.now();
/** Read once: process.env is a call into the runtime on every access. */
const VERSION = process.env.npm_package_version ?? '0.1.0';

/** GET /api/health: the process answers and the database does too. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Probes come often (load balancers, monitors); one database round trip a second answers them all.
    const databasePing = cachedLoader(1_000, () => pingDatabase(ctx.db));
    app.get(
      '/api/health',
      {
        config: { action: 'public' },
        // Its answer is under 100 bytes, never the 1 KiB compression starts at: the compression
        // hooks would only negotiate an encoding they then do not use, 2% of a probe (ADR 039).
        compress: false,
        schema: { tags: ['health'], response: { 200: Health } },
      },
      async () => {
        await databasePing.get();
        return {
          status: 'ok' as const,
          database: ctx.dbKind,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          version: VERSION,
        };
      },
    );
  };
}
