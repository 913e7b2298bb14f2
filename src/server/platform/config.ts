import path from 'node:path';
import { z } from 'zod';
import { type DataKey, DataKeyError, parseDataKeys } from './data-keys';

export const APP_ENVS = ['development', 'drafts', 'staging', 'production', 'test'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Customer Service Back Office <no-reply@example.com>'),
  APP_ENV: z.enum(APP_ENVS).default('development'),
  DEMO_PASSWORD: z.string().min(8).default('Demo-Password-1'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.enum(['on', 'off']).default('on'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  CUSTOMER_SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  appEnv: AppEnv;
  demoPassword: string;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Run the outbox and job workers in this process. */
  workers: boolean;
  cookieSecure: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in throttling uses it). */
  trustProxy: boolean;
  webDir: string;
  /** DATA_ENCRYPTION_KEY: the key ring sealing tax numbers, newest first; unset = the key file in DATA_DIR (ADR 022). */
  dataEncryptionKeys: DataKey[] | undefined;
  /** Where "Sign in as customer" sends the customer view link (spec 1 §4); this app's own origin by default. */
  customerSiteUrl: string;
}

/** A configuration the server must not start with, said in one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const databaseUrl = e.DATABASE_URL || undefined;
  let dataEncryptionKeys: DataKey[] | undefined;
  try {
    dataEncryptionKeys = e.DATA_ENCRYPTION_KEY?.trim() ? parseDataKeys(e.DATA_ENCRYPTION_KEY) : undefined;
  } catch (err) {
    throw new ConfigError(err instanceof DataKeyError ? err.message : 'DATA_ENCRYPTION_KEY cannot be read.');
  }
  // A shared production database keeps its key outside it: no key file is made for it (ADR 022).
  if (e.APP_ENV === 'production' && databaseUrl && !dataEncryptionKeys && !overrides.dataEncryptionKeys)
    throw new ConfigError(
      'DATA_ENCRYPTION_KEY is required with APP_ENV=production and DATABASE_URL (make one with: openssl rand -base64 32).',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl,
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    appEnv: e.APP_ENV,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS === 'on',
    cookieSecure: e.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    webDir: path.join(ROOT_DIR, 'dist/web'),
    dataEncryptionKeys,
    customerSiteUrl: (e.CUSTOMER_SITE_URL ?? publicUrl).replace(/\/$/, ''),
    ...overrides,
  };
}
