import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRoutes } from './modules/accounts/accounts.module';
import { sealTaxNumbersAtStart } from './modules/accounts/tax-number-sealing';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { administratorsRoutes } from './modules/administrators/administrators.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { batchOrdersRoutes } from './modules/batch-orders/batch-orders.module';
import { bulkLedgersRoutes } from './modules/bulk-ledgers/bulk-ledgers.module';
import { cartsGraphql } from './modules/carts/carts.graphql';
import { cartsRoutes } from './modules/carts/carts.routes';
import { contentRoutes } from './modules/content/content.routes';
import { customerSearchRoutes } from './modules/customer-search/customer-search.routes';
import { customerViewRoutes } from './modules/customer-view/customer-view.routes';
import { customersGraphql } from './modules/customers/customers.graphql';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { downstreamRoutes } from './modules/downstream/downstream.routes';
import { downstreamWorker } from './modules/downstream/downstream.worker';
import { flagsRoutes } from './modules/flags/flags.routes';
import { ensureFlags } from './modules/flags/flags.service';
import { healthRoutes } from './modules/health/health.routes';
import { incentivesRoutes } from './modules/incentives/incentives.routes';
import { mapsRoutes } from './modules/maps/maps.routes';
import { orderSearchRoutes } from './modules/order-search/order-search.routes';
import { captureRetryWorker } from './modules/ordering/capture.service';
import { orderingRoutes } from './modules/ordering/ordering.routes';
import { popupCloseWorker } from './modules/ordering/popup-close.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { BuiltInGateway } from './modules/payments/built-in-gateway';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { productCreditRoutes } from './modules/product-credit/product-credit.routes';
import { creditExpiryWorker } from './modules/product-credit/product-credit.service';
import { promosRoutes } from './modules/promos/promos.routes';
import { promoDeployWorker } from './modules/promos/promos.schedule';
import { queryRoutes } from './modules/query/query.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { reconciliationNightlyWorker } from './modules/reconciliation/reconciliation.service';
import { refundRecoveryWorker } from './modules/refunds/refund-submit.service';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { registerAuthGuard } from './platform/auth-guard';
import { type Clock, systemClock } from './platform/clock';
import { registerCompression } from './platform/compression';
import type { AppConfig } from './platform/config';
import type { AppContext } from './platform/context';
import { type DataKeyring, loadDataKeyring } from './platform/data-keys';
import type { Database } from './platform/db';
import { registerErrorHandling } from './platform/errors';
import { registerInputGuard } from './platform/input-guard';
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
  /** Where the app reads the time (default the real clock; tests pass one they move). */
  clock?: Clock;
}

export type App = FastifyInstance & { ctx: AppContext };

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

  await ensureFlags(database.db);
  await sealTaxNumbersAtStart(ctx);
  registerRequestIds(app);
  const documentHeaders = registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  // Before the session lookup: that is the first statement many requests send.
  if (database.queue) registerRequestOrder(app, database.queue);
  registerAuthGuard(app, sessions, database.db);
  registerInputGuard(app);
  await registerOpenApi(app);

  await app.register(authRoutes(ctx));
  await app.register(administratorsRoutes(ctx));
  await app.register(flagsRoutes(ctx));
  await app.register(outboxRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(customerSearchRoutes(ctx));
  await app.register(healthRoutes(ctx));
  await app.register(customersRoutes(ctx));
  await app.register(queryRoutes(ctx, [customersGraphql, cartsGraphql]));
  await app.register(cartsRoutes(ctx));
  await app.register(accountsRoutes(ctx));
  await app.register(addressesRoutes(ctx));
  await app.register(productCreditRoutes(ctx));
  await app.register(orderSearchRoutes(ctx));
  await app.register(incentivesRoutes(ctx));
  await app.register(downstreamRoutes(ctx));
  await app.register(ordersRoutes(ctx));
  await app.register(promosRoutes(ctx));
  await app.register(batchOrdersRoutes(ctx));
  await app.register(bulkLedgersRoutes(ctx));
  await app.register(orderingRoutes(ctx));
  await app.register(mapsRoutes(ctx));
  await app.register(contentRoutes(ctx));
  await app.register(paymentsRoutes(ctx));
  await app.register(refundsRoutes(ctx));
  await app.register(returnsRoutes(ctx));
  await app.register(customerViewRoutes(ctx));
  await app.register(reconciliationRoutes(ctx));

  await registerWebApp(app, config.webDir, {
    sourceMaps: config.appEnv !== 'production',
    drafts: config.appEnv === 'drafts',
    documentHeaders,
  });

  if (opts.workers ?? config.workers) {
    const workers = startWorkers({
      db: database.db,
      mailer,
      log: app.log,
      jobLeaseMs: config.jobLeaseMs,
      workers: [
        downstreamWorker(),
        promoDeployWorker(() => new Date(ctx.clock.now())),
        captureRetryWorker(ctx),
        popupCloseWorker(ctx, () => new Date(ctx.clock.now())),
        creditExpiryWorker(),
        refundRecoveryWorker(ctx),
        reconciliationNightlyWorker(ctx),
      ],
    });
    wake.outbox = workers.wakeOutbox;
    wake.jobs = workers.wakeJobs;
    app.addHook('onClose', async () => workers.stop());
  }
  app.addHook('onClose', async () => mailer?.close());
  return app as unknown as App;
}
