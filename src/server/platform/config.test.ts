import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BRAND_NAME } from '@domain/reference';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, ROOT_DIR } from './config';

const refusal = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.lines;
    throw err;
  }
  throw new Error('accepted');
};

describe('configuration', () => {
  it('checks the scale-out settings: replica URL scheme (never repeated), pool size, job lease', () => {
    const lines = refusal({
      DATABASE_URL: 'postgres://app@primary/db',
      DATABASE_REPLICA_URL: 'mysql://reader:s3cret@replica/db',
      DATABASE_POOL_SIZE: '0',
      JOB_LEASE_SECONDS: 'soon',
      PAGE_ANSWERS_WAIT_MS: '-1',
    });
    expect(lines.map((l) => l.split(' ')[0]).sort()).toEqual([
      'DATABASE_POOL_SIZE',
      'DATABASE_REPLICA_URL',
      'JOB_LEASE_SECONDS',
      'PAGE_ANSWERS_WAIT_MS',
    ]);
    expect(lines.join('\n')).not.toContain('s3cret');
    expect(refusal({ DATABASE_REPLICA_URL: 'postgres://reader@replica/db' })[0]).toMatch(
      /^DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@primary/db',
      DATABASE_REPLICA_URL: 'postgresql://reader@replica/db',
      DATABASE_POOL_SIZE: '4',
      JOB_LEASE_SECONDS: '30',
      PAGE_ANSWERS_WAIT_MS: '0',
    });
    expect(config).toMatchObject({
      databaseReplicaUrl: 'postgresql://reader@replica/db',
      databasePoolSize: 4,
      jobLeaseMs: 30_000,
      pageAnswersWaitMs: 0,
    });
    expect(loadConfig({}).pageAnswersWaitMs).toBe(300);
  });

  it('refuses each bad value with one line naming the variable', () => {
    const lines = refusal({
      SMTP_URL: 'notaurl',
      DATABASE_URL: 'mysql://user:pw@host/db',
      PUBLIC_URL: 'backoffice.example.com',
      TRUST_PROXY: 'yes',
      COOKIE_SECURE: 'always',
      PORT: '70000',
      DEMO_ACCOUNTS: 'many',
      LOG_LEVEL: 'loud',
    });
    expect(lines).toHaveLength(8);
    for (const name of [
      'SMTP_URL',
      'DATABASE_URL',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'COOKIE_SECURE',
      'PORT',
      'DEMO_ACCOUNTS',
      'LOG_LEVEL',
    ])
      expect(lines.filter((l) => l.startsWith(`${name} `))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith('PUBLIC_URL'))).toContain('backoffice.example.com');
  });

  it('never repeats a value that may hold a password', () => {
    const lines = refusal({ SMTP_URL: 'mail-secret-pw', DATABASE_URL: 'db-secret-pw' });
    expect(lines.join('\n')).not.toMatch(/secret-pw/);
  });

  it('accepts good values and treats an empty variable as unset', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      DATABASE_URL: 'postgresql://u:p@db:5432/bo',
      PUBLIC_URL: 'https://bo.example.com/',
      TRUST_PROXY: 'true',
      PORT: '',
    });
    expect(config.publicUrl).toBe('https://bo.example.com');
    expect(config.cookieSecure).toBe(true);
    expect(config.trustProxy).toBe(true);
    expect(config.port).toBe(3000);
  });

  it('sends email under the brand’s name unless told otherwise (customers read it)', () => {
    expect(loadConfig({}).smtpFrom).toBe(`${BRAND_NAME} <no-reply@example.com>`);
    expect(loadConfig({ SMTP_FROM: 'Shop <shop@example.com>' }).smtpFrom).toBe('Shop <shop@example.com>');
  });

  it('README documents exactly the variables the code reads', () => {
    const readme = readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 5));
    const documented = [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('no code reads an environment variable outside the one schema (test and benchmark switches aside)', () => {
    const TEST_ONLY = new Set([
      'TEST_DATABASE_URL',
      'TEST_DB_BACKEND',
      'CI',
      'E2E_PORT',
      'E2E_DATA_DIR',
      'CHROMIUM_PATH',
      'SCALE_OUT_LOG',
    ]);
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const file = path.join(dir, entry);
        if (statSync(file).isDirectory()) walk(file);
        else if (
          /\.tsx?$/.test(entry) &&
          !/\.test\.ts$/.test(entry) &&
          file !== path.join(ROOT_DIR, 'src/server/platform/config.ts')
        )
          for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g))
            read.add(m[1]!);
      }
    };
    for (const dir of ['src', 'scripts']) walk(path.join(ROOT_DIR, dir));
    const stray = [...read].filter(
      (name) => !TEST_ONLY.has(name) && !(CONFIG_VARIABLES as string[]).includes(name),
    );
    expect(stray).toEqual([]);
  });
});

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

describe('configuration: the data key (ADR 022)', () => {
  it('refuses production on a database server without a key, in one line', () => {
    const env = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/app' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /\n {2}DATA_ENCRYPTION_KEY is required with APP_ENV=production and DATABASE_URL \(make one with: openssl rand -base64 32\)\.$/,
    );
    expect(loadConfig({ ...env, DATA_ENCRYPTION_KEY: `k1:${key(3)}` }).dataEncryptionKeys?.[0]?.id).toBe(
      'k1',
    );
    // The embedded database and other environments fall back to the key file.
    expect(loadConfig({ APP_ENV: 'production' }).dataEncryptionKeys).toBeUndefined();
    expect(
      loadConfig({ APP_ENV: 'staging', DATABASE_URL: 'postgres://db/app' }).dataEncryptionKeys,
    ).toBeUndefined();
  });

  it('refuses a malformed key before anything starts', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'k1:short' })).toThrow(ConfigError);
  });
});

describe('configuration: the customer site of Sign in as customer', () => {
  it('is this app (PUBLIC_URL) unless CUSTOMER_SITE_URL says otherwise', () => {
    expect(loadConfig({ PORT: '3105' }).customerSiteUrl).toBe('http://localhost:3105');
    expect(loadConfig({ PUBLIC_URL: 'https://bo.example.com/' }).customerSiteUrl).toBe(
      'https://bo.example.com',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://bo.example.com', CUSTOMER_SITE_URL: 'https://shop.example.com/' })
        .customerSiteUrl,
    ).toBe('https://shop.example.com');
  });

  it('refuses an address that is not http(s), in one line', () => {
    expect(() => loadConfig({ CUSTOMER_SITE_URL: 'javascript:alert(1)' })).toThrow(
      'CUSTOMER_SITE_URL must be a URL such as https://shop.example.com',
    );
    expect(() => loadConfig({ CUSTOMER_SITE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
