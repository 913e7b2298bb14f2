import { CSV_CONTENT_TYPE, type CsvValue, centsToDecimal, csvHeader, csvLine } from '@domain/platform/csv';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import {
  type ExecuteGraphql,
  GRAPHQL_BODY_LIMIT,
  GraphqlRequest,
  graphqlEndpoint,
  graphqlErrors,
} from '../../platform/graphql';
import { isFlagOn } from '../flags/flags.service';
import { baseTypeDefs, type IncentivesContext, incentivesGraphql } from './incentives.graphql';

// The incentives service (spec 3 §7, DESIGN §2): POST /api/startCounting/query (GraphQL) and
// POST /api/startCounting/export (the same body, answered as CSV). Both need incentives.manage
// and the `incentives` feature flag on (spec 1 §2: leaders and developers, when the flag is on).

const TURNED_OFF = 'Incentives are turned off.';

/**
 * Headers in words for the payout fields a query may select (flattened as `parent.field`), in
 * the order they are written; money as a decimal amount, countries by their code.
 */
const PAYOUT_COLUMNS: Record<string, { header: string; value?: (v: unknown) => CsvValue }> = {
  rewardPayoutId: { header: 'Reward payout' },
  participantAccountId: { header: 'Participant account' },
  'participant.uid': { header: 'Participant UID' },
  'participant.fullName': { header: 'Participant' },
  enrollerAccountId: { header: 'Enroller account' },
  'enroller.uid': { header: 'Enroller UID' },
  'enroller.fullName': { header: 'Enroller' },
  milestoneName: { header: 'Milestone' },
  countryId: { header: 'Country', value: (v) => (v === 1 ? 'US' : v === 2 ? 'CA' : (v as CsvValue)) },
  startDate: { header: 'Start date' },
  endDate: { header: 'End date' },
  finished: { header: 'Finished' },
  succeeded: { header: 'Succeeded' },
  amountCents: { header: 'Amount', value: (v) => centsToDecimal(v as number | null) },
  personalVolume: { header: 'Personal volume' },
  enrolledConsultants: { header: 'Enrolled consultants' },
  paidDate: { header: 'Paid date' },
  paid: { header: 'Paid' },
};

/** `participant.fullName` → `Participant full name`: words for a field the table does not know. */
const words = (key: string) => {
  const text = key
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The payouts as a CSV file: the selected fields, known ones first in table order. */
function payoutsCsv(payouts: Record<string, unknown>[]): string {
  const rows = payouts.map((row) => flatten(row));
  const selected = Object.keys(rows[0] ?? {});
  const order = Object.keys(PAYOUT_COLUMNS);
  const keys = [...order.filter((k) => selected.includes(k)), ...selected.filter((k) => !order.includes(k))];
  let text = csvHeader(keys.map((k) => PAYOUT_COLUMNS[k]?.header ?? words(k)));
  for (const row of rows) {
    text += csvLine(
      keys.map((k) => {
        const v = row[k];
        const format = PAYOUT_COLUMNS[k]?.value;
        return format ? format(v) : (v as CsvValue);
      }),
    );
  }
  return text;
}

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
        const csv = payoutsCsv(page.payouts);
        return reply
          .type(CSV_CONTENT_TYPE)
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
