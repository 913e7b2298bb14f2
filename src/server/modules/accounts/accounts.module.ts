import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import type { ServerModule } from '../../platform/server-module';
import { accountRecordRoutes } from './accounts.routes';
import { recalculateCommissions } from './commission-job';
import { employeeRoutes } from './employees.routes';
import { genealogyRoutes } from './genealogy.routes';
import { RECALCULATE_COMMISSIONS_JOB } from './genealogy.service';
import { accountOperationRoutes } from './operations.routes';

// The customers & accounts module (DESIGN §2 "account service"): every /cs/… account call.

function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accountRecordRoutes(ctx));
    await app.register(accountOperationRoutes(ctx));
    await app.register(genealogyRoutes(ctx));
    await app.register(employeeRoutes(ctx));
  };
}

export const accountsModule: ServerModule = {
  name: 'accounts',
  routes: accountsRoutes,
  jobs: { [RECALCULATE_COMMISSIONS_JOB]: recalculateCommissions },
};
