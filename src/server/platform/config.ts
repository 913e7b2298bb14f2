import path from 'node:path';
import { z } from 'zod';

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
  RECONCILIATION_EXPORT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  RECONCILIATION_NIGHTLY_HOUR: z.coerce.number().int().min(0).max(23).default(2),
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
  /** Money reconciliation (ADR 025): minutes a captured order may wait for Phoenix; Pacific hour of the nightly run. */
  reconciliation: { exportGraceMinutes: number; nightlyHour: number };
}

export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
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
    reconciliation: {
      exportGraceMinutes: e.RECONCILIATION_EXPORT_MINUTES,
      nightlyHour: e.RECONCILIATION_NIGHTLY_HOUR,
    },
    ...overrides,
  };
}
