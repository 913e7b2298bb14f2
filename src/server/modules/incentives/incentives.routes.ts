import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import {
  type ExecuteGraphql,
  GRAPHQL_BODY_LIMIT,
  GraphqlRequest,
  graphqlEndpoint,
  graphqlErrors,
} from '../../platform/graphql';
import { jobHandlers } from '../../platform/workers';
import { isFlagOn } from '../flags/flags.service';
import { COUNTING_JOB, countingJob } from './counting';
import { baseTypeDefs, type IncentivesContext, incentivesGraphql } from './incentives.graphql';

// The incentives service (spec 3 §7, DESIGN §2): POST /api/startCounting/query (GraphQL) and
// POST /api/startCounting/export (the same body, answered as CSV). Both need incentives.manage
// and the `incentives` feature flag on (spec 1 §2: leaders and developers, when the flag is on).

jobHandlers[COUNTING_JOB] = countingJob;

const TURNED_OFF = 'Incentives are turned off.';

/** A row of the answer as CSV columns: nested objects become `parent.field`. */
function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = v ?? '';
  }
  return out;
}

function exportRoute(ctx: AppContext) {
  return (app: FastifyInstance, execute: ExecuteGraphql) => {
    app.post(
      '/api/startCounting/export',
      {
        bodyLimit: GRAPHQL_BODY_LIMIT,
        config: { action: 'incentives.manage' },
        schema: { tags: ['graphql'], body: GraphqlRequest },
      },
      async (request, reply) => {
        const context: IncentivesContext = { ctx, staff: request.staff!, reply, exportAll: true };
        let result: Awaited<ReturnType<ExecuteGraphql>>;
        try {
          result = await execute(GraphqlRequest.parse(request.body), context);
        } catch (err) {
          const errors = graphqlErrors(err);
          if (errors) return reply.status(400).send({ success: false, error: errors[0]!.message });
          throw err;
        }
        if (result.errors?.length) {
          return reply.status(400).send({ success: false, error: result.errors[0]!.message });
        }
        const page = result.data?.enrollerPayouts as { payouts?: Record<string, unknown>[] } | undefined;
        if (!page?.payouts) {
          return reply
            .status(400)
            .send({ success: false, error: 'The export needs an enrollerPayouts query with its payouts.' });
        }
        const csv = Papa.unparse(page.payouts.map((row) => flatten(row)));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="enroller-payouts.csv"')
          .send(csv);
      },
    );
  };
}

export function incentivesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // After the route guard (onRequest) has checked incentives.manage.
    app.addHook('preHandler', async () => {
      if (!(await isFlagOn(ctx.db, 'incentives'))) throw forbidden(TURNED_OFF);
    });
    await app.register(
      graphqlEndpoint(ctx, {
        path: '/api/startCounting/query',
        action: 'incentives.manage',
        typeDefs: baseTypeDefs,
        modules: [incentivesGraphql],
        routes: exportRoute(ctx),
      }),
    );
  };
}
