import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

describe('configuration: the data key (ADR 022)', () => {
  it('refuses production on a database server without a key, in one line', () => {
    const env = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/app' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /^DATA_ENCRYPTION_KEY is required with APP_ENV=production and DATABASE_URL \(make one with: openssl rand -base64 32\)\.$/,
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
      'Invalid configuration: CUSTOMER_SITE_URL: must be an http(s) address',
    );
    expect(() => loadConfig({ CUSTOMER_SITE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
