import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXPORT_GRACE_MINUTES, DEFAULT_NIGHTLY_HOUR } from '@domain/reconciliation/reconciliation';
import { BRAND_NAME } from '@domain/reference';
import { z } from 'zod';
import { type DataKey, DataKeyError, parseDataKeys } from './data-keys';

export const APP_ENVS = ['development', 'drafts', 'staging', 'production', 'test'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

/** A URL whose scheme is one of `schemes`; the message never repeats the value (it may hold a password). */
const urlOf = (schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );

const yesNo = (name: string) => z.enum(['true', 'false'], { message: `${name} must be true or false` });

/**
 * Every setting the server and its scripts read, checked once at start. README's configuration
 * table lists exactly these names (a test compares the two).
 */
const EnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlOf(['postgres', 'postgresql'], 'postgres://user:password@host:5432/database').optional(),
  DATABASE_REPLICA_URL: urlOf(
    ['postgres', 'postgresql'],
    'postgres://user:password@replica-host:5432/database',
  ).optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(1000, { message: 'must be at most 1000' })
    .default(10),
  SMTP_URL: urlOf(['smtp', 'smtps'], 'smtp://user:password@host:587').optional(),
  // Customers read its name: the brand's by default (staff email goes out under it too).
  SMTP_FROM: z.string().min(3).default(`${BRAND_NAME} <no-reply@example.com>`),
  APP_ENV: z.enum(APP_ENVS, { message: `must be one of ${APP_ENVS.join(', ')}` }).default('development'),
  DEMO_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).default('Demo-Password-1'),
  DEMO_ACCOUNTS: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(0)
    .max(1_000_000)
    .default(2000),
  PUBLIC_URL: urlOf(['http', 'https'], 'https://backoffice.example.com').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WORKERS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  JOB_LEASE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(1, { message: 'must be at least 1' })
    .max(3600, { message: 'must be at most 3600' })
    .default(60),
  PAGE_ANSWERS_WAIT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int({ message: 'must be a whole number of milliseconds' })
    .min(0, { message: 'must be 0 or more' })
    .max(10_000, { message: 'must be at most 10000' })
    .default(300),
  COOKIE_SECURE: z
    .enum(['auto', 'true', 'false'], { message: 'must be auto, true or false' })
    .default('auto'),
  TRUST_PROXY: yesNo('TRUST_PROXY').default('false'),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  CUSTOMER_SITE_URL: urlOf(['http', 'https'], 'https://shop.example.com').optional(),
  RECONCILIATION_EXPORT_MINUTES: z.coerce
    .number({ message: 'must be a whole number of minutes' })
    .int({ message: 'must be a whole number of minutes' })
    .min(1)
    .max(10_080)
    .default(DEFAULT_EXPORT_GRACE_MINUTES),
  RECONCILIATION_NIGHTLY_HOUR: z.coerce
    .number({ message: 'must be an hour from 0 to 23' })
    .int({ message: 'must be an hour from 0 to 23' })
    .min(0)
    .max(23)
    .default(DEFAULT_NIGHTLY_HOUR),
});

/** The names of every setting (README's configuration table lists the same). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

/** Settings that may carry a password: their values are never repeated in a message. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'DATABASE_REPLICA_URL',
  'SMTP_URL',
  'DEMO_PASSWORD',
  'DATA_ENCRYPTION_KEY',
]);

/** A configuration refused at start: one line per bad value, naming the variable. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL for searches, lists and reports (DATABASE_REPLICA_URL). */
  databaseReplicaUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL at most (to the replica as well, when set). */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  appEnv: AppEnv;
  demoPassword: string;
  /** Size of the demo company `npm start` loads into an empty database. */
  demoAccounts: number;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Run the outbox and job workers in this process. */
  workers: boolean;
  /** How long a job stays claimed by a worker that stopped renewing it (died), in milliseconds. */
  jobLeaseMs: number;
  /** How long a screen's page waits for the answers it carries (ADR 051); 0 sends none. */
  pageAnswersWaitMs: number;
  cookieSecure: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in throttling uses it). */
  trustProxy: boolean;
  webDir: string;
  /** DATA_ENCRYPTION_KEY: the key ring sealing tax numbers, newest first; unset = the key file in DATA_DIR (ADR 022). */
  dataEncryptionKeys: DataKey[] | undefined;
  /** Where "Sign in as customer" sends the customer view link (spec 1 §4); this app's own origin by default. */
  customerSiteUrl: string;
  /** Money reconciliation (ADR 025): minutes a captured order may wait for Phoenix; Pacific hour of the nightly run. */
  reconciliation: { exportGraceMinutes: number; nightlyHour: number };
}

/**
 * The project's folder: the nearest one above this module holding package.json, whether the
 * server runs from its sources (src/server/platform) or from its build (dist/server).
 */
export const ROOT_DIR = projectRoot(import.meta.dirname);

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  // An empty variable counts as unset (`FOO= npm start`), as it always has.
  const present = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const value = present[name];
      const shown =
        SECRET_VARIABLES.has(name) || value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
      return `${name} ${issue.message.replace(new RegExp(`^${name} `), '')}${shown}`;
    });
    throw new ConfigError(lines);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const databaseUrl = e.DATABASE_URL;
  let dataEncryptionKeys: DataKey[] | undefined;
  try {
    dataEncryptionKeys = e.DATA_ENCRYPTION_KEY?.trim() ? parseDataKeys(e.DATA_ENCRYPTION_KEY) : undefined;
  } catch (err) {
    throw new ConfigError([
      err instanceof DataKeyError ? err.message : 'DATA_ENCRYPTION_KEY cannot be read.',
    ]);
  }
  if (e.DATABASE_REPLICA_URL && !databaseUrl)
    throw new ConfigError([
      'DATABASE_REPLICA_URL needs DATABASE_URL: a replica reads for a PostgreSQL primary.',
    ]);
  // A shared production database keeps its key outside it: no key file is made for it (ADR 022).
  if (e.APP_ENV === 'production' && databaseUrl && !dataEncryptionKeys && !overrides.dataEncryptionKeys)
    throw new ConfigError([
      'DATA_ENCRYPTION_KEY is required with APP_ENV=production and DATABASE_URL (make one with: openssl rand -base64 32).',
    ]);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    appEnv: e.APP_ENV,
    demoPassword: e.DEMO_PASSWORD,
    demoAccounts: e.DEMO_ACCOUNTS,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS === 'on',
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    pageAnswersWaitMs: e.PAGE_ANSWERS_WAIT_MS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    webDir: path.join(ROOT_DIR, 'dist/web'),
    dataEncryptionKeys,
    customerSiteUrl: (e.CUSTOMER_SITE_URL ?? publicUrl).replace(/\/$/, ''),
    reconciliation: {
      exportGraceMinutes: e.RECONCILIATION_EXPORT_MINUTES,
      nightlyHour: e.RECONCILIATION_NIGHTLY_HOUR,
    },
    ...overrides,
  };
}
