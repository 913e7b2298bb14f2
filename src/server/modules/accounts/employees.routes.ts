import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { EmployeeLookupAnswer, OffboardRequest } from '@domain/accounts/operations';
import { okMessage } from '@domain/platform/envelope';
import { userUid } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { failureAnswers } from './answers';
import * as employees from './employees.service';

// Employee accounts: lookup across the two staff services and the three offboarding calls
// (spec 1 §4 Employee accounts, §7 Employee offboarding; DESIGN §4 employees.offboard).

const tags = ['employees'];
const offboard = { action: 'employees.offboard' } as const;
const done = { success: true as const, message: ACCOUNT_MESSAGES.success };

export function employeeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/customer/:uid/employee',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          params: z.object({ uid: userUid('Not an account id') }),
          querystring: z.object({
            country: z
              .string()
              .trim()
              .toLowerCase()
              .regex(/^[a-z]{2}$/, 'Country is a two-letter code')
              .optional(),
          }),
          response: { 200: EmployeeLookupAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await employees.lookupEmployee(ctx, request.params.uid, request.query.country)),
      }),
    );

    const steps = [
      ['offboardBCCOMEmployeeAuth', employees.disableEmployeeAuth, ACCOUNT_MESSAGES.authNotDisabled],
      ['offboardBCCOMEmployeeAccount', employees.modifyEmployeeAccount, ACCOUNT_MESSAGES.userNotModified],
      ['removeCSUser', employees.removeCsUser, ACCOUNT_MESSAGES.csUserNotDeleted],
    ] as const;
    for (const [path, run, failed] of steps) {
      app.post(
        `/api/auth/${path}`,
        {
          config: offboard,
          ...failureAnswers({ invalid: failed }),
          schema: { tags, body: OffboardRequest, response: { 200: okMessage } },
        },
        async (request) => {
          await run(ctx, request.staff!, request.body.uid);
          return done;
        },
      );
    }
  };
}
