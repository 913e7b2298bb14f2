import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsModule } from './modules/accounts/accounts.module';
import { sealTaxNumbersAtStart } from './modules/accounts/tax-number-sealing';
import { addressesModule } from './modules/addresses/addresses.module';
import { administratorsModule } from './modules/administrators/administrators.module';
import { authModule } from './modules/auth/auth.module';
import { batchOrdersModule } from './modules/batch-orders/batch-orders.module';
import { bulkLedgersModule } from './modules/bulk-ledgers/bulk-ledgers.module';
import { cartsModule } from './modules/carts/carts.module';
import { checkoutModule } from './modules/checkout/checkout.module';
import { contentModule } from './modules/content/content.module';
import { customerViewModule } from './modules/customer-view/customer-view.module';
import { customersModule } from './modules/customers/customers.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { downstreamModule } from './modules/downstream/downstream.module';
import { flagsModule } from './modules/flags/flags.module';
import { ensureFlags } from './modules/flags/flags.service';
import { healthModule } from './modules/health/health.module';
import { incentivesModule } from './modules/incentives/incentives.module';
import { mapsModule } from './modules/maps/maps.module';
import { orderSearchModule } from './modules/order-search/order-search.module';
import { ordersModule } from './modules/orders/orders.module';
import { outboxModule } from './modules/outbox/outbox.module';
import { BuiltInGateway } from './modules/payments/built-in-gateway';
import { paymentsModule } from './modules/payments/payments.module';
import { productCreditModule } from './modules/product-credit/product-credit.module';
import { promosModule } from './modules/promos/promos.module';
import { queryModule } from './modules/query/query.module';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module';
import { refundsModule } from './modules/refunds/refunds.module';
import { returnsModule } from './modules/returns/returns.module';
import { registerAuthGuard } from './platform/auth-guard';
import { type Clock, systemClock } from './platform/clock';
import { registerCompression } from './platform/compression';
import type { AppConfig } from './platform/config';
import type { AppContext } from './platform/context';
import { registerCookies } from './platform/cookies';
import { type DataKeyring, loadDataKeyring } from './platform/data-keys';
import type { Database } from './platform/db';
import { registerErrorHandling } from './platform/errors';
import { registerInputGuard } from './platform/input-guard';
import type { JobHandler } from './platform/jobs';
import {
  defaultLogStream,
  type LogSettings,
  lazyChildLogger,
  logController,
  loggerOptions,
} from './platform/logging';
import type { Mailer } from './platform/mailer';
import { createMailer } from './platform/mailer';
import { registerOpenApi } from './platform/openapi';
import { registerRequestIds, requestIdFor } from './platform/request-id';
import { registerRequestOrder } from './platform/request-order';
import { serializerCompiler } from './platform/response-serializer';
import { registerSecurityHeaders } from './platform/security-headers';
import { eventHandlersOf, jobHandlersOf, type ServerModule } from './platform/server-module';
import { SessionStore } from './platform/session-store';
import { registerWebApp } from './platform/static';
import { startWorkers } from './platform/workers';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Run the outbox and job workers inside this process (default: config.workers). */
  workers?: boolean;
  /** Overrides the SMTP mailer built from SMTP_URL (tests). */
  mailer?: Mailer | null;
  /** false: no log; otherwise the level (default config.logLevel) and where lines go (default stdout). */
  logger?: boolean | Partial<LogSettings>;
  /** The data key ring (default: DATA_ENCRYPTION_KEY, else the key file in DATA_DIR). */
  keyring?: DataKeyring;
  /** Modules added after the app's own (the scale-out test's job kind). */
  extraModules?: readonly ServerModule[];
  /** Where the app reads the time (default the real clock; tests pass one they move). */
  clock?: Clock;
}

/**
 * The server modules (platform/server-module.ts), in the order their routes are registered. The
 * commerce query service assembles its schema from their `graphql` in this order (customers, then
 * carts); the job handler table and the workers come from the same list.
 */
const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  administratorsModule,
  flagsModule,
  outboxModule,
  dashboardModule,
  customersModule,
  healthModule,
  queryModule,
  cartsModule,
  accountsModule,
  addressesModule,
  productCreditModule,
  orderSearchModule,
  incentivesModule,
  downstreamModule,
  ordersModule,
  promosModule,
  batchOrdersModule,
  bulkLedgersModule,
  checkoutModule,
  mapsModule,
  contentModule,
  paymentsModule,
  refundsModule,
  returnsModule,
  customerViewModule,
  reconciliationModule,
];

export type App = FastifyInstance & {
  ctx: AppContext;
  /** Job handlers by type, as this app's job worker runs them (tests drive jobs with it). */
  jobHandlers: Readonly<Record<string, JobHandler>>;
};

/** Builds the whole application as one Fastify instance; server.ts only listens. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  const logSettings =
    opts.logger === false
      ? null
      : {
          level: config.logLevel,
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
        };
  const logStream = logSettings ? (logSettings.stream ?? defaultLogStream()) : null;
  const app = Fastify({
    logger: logSettings && logStream ? loggerOptions({ ...logSettings, stream: logStream }) : false,
    childLoggerFactory: lazyChildLogger as never,
    logController: logController(
      logSettings && logStream ? { level: logSettings.level, stream: logStream } : undefined,
    ),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    genReqId: requestIdFor,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = opts.mailer !== undefined ? opts.mailer : createMailer(config.smtpUrl, config.smtpFrom);
  const wake = { outbox: () => {}, jobs: () => {} };
  const sessions = new SessionStore(database.db, app.log);
  await sessions.start(database);
  app.addHook('onClose', async () => sessions.stop());
  const keyring =
    opts.keyring ??
    (await loadDataKeyring({
      keys: config.dataEncryptionKeys,
      dataDir: config.dataDir,
      warn: (message) => app.log.warn(message),
    }));
  const ctx: AppContext = {
    keyring,
    sessions,
    gateway: new BuiltInGateway(database.db),
    db: database.db,
    readDb: database.readDb,
    dbKind: database.kind,
    config,
    log: app.log,
    clock: opts.clock ?? systemClock,
    wakeOutbox: () => wake.outbox(),
    wakeJobs: () => wake.jobs(),
  };
  app.decorate('ctx', ctx);
  const modules = [...SERVER_MODULES, ...(opts.extraModules ?? [])];
  const jobHandlers = jobHandlersOf(modules);
  app.decorate('jobHandlers', jobHandlers);

  await ensureFlags(database.db);
  await sealTaxNumbersAtStart(ctx);
  registerRequestIds(app);
  const documentHeaders = registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await registerCompression(app);
  registerCookies(app);
  registerErrorHandling(app);
  // Before the session lookup: that is the first statement many requests send.
  if (database.queue) registerRequestOrder(app, database.queue);
  registerAuthGuard(app, sessions, database.db);
  registerInputGuard(app);
  await registerOpenApi(app);

  for (const m of modules) if (m.routes) await app.register(m.routes(ctx, modules));

  await registerWebApp(app, config.webDir, {
    sourceMaps: config.appEnv !== 'production',
    drafts: config.appEnv === 'drafts',
    documentHeaders,
    answersWaitMs: config.pageAnswersWaitMs,
  });

  if (opts.workers ?? config.workers) {
    const workers = startWorkers({
      db: database.db,
      mailer,
      log: app.log,
      jobLeaseMs: config.jobLeaseMs,
      jobHandlers,
      eventHandlers: eventHandlersOf(modules),
      workers: modules.flatMap((m) => m.workers?.(ctx) ?? []),
    });
    wake.outbox = workers.wakeOutbox;
    wake.jobs = workers.wakeJobs;
    app.addHook('onClose', async () => workers.stop());
  }
  app.addHook('onClose', async () => mailer?.close());
  return app as unknown as App;
}
