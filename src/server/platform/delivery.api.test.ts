import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { createTestApp, type TestApp } from '../testing/test-app';

// How the built web app and the API answers travel: precompressed files chosen by Accept-Encoding,
// API answers compressed above 1 KiB, source maps only outside production.

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>';
// Compressible, and well above the 1 KiB under which the build writes no .br/.gz.
const APP_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const SMALL_JS = 'export const small = 1;\n';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const APP_MAP = JSON.stringify({ version: 3, sources: ['app.ts'], mappings: 'AAAA;'.repeat(400) });

let webDir: string;
let dev: TestApp;
let prod: TestApp;

/** A built web app in a new temporary folder: `files` by their path in it, and an assets folder. */
async function webDirWith(prefix: string, files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await mkdir(path.join(dir, 'assets'));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  return dir;
}

beforeAll(async () => {
  webDir = await webDirWith('bo-web-delivery-', {
    'index.html': INDEX_HTML,
    'assets/app-1234.js': APP_JS,
    'assets/app-1234.js.map': APP_MAP,
    'assets/small-1234.js': SMALL_JS,
    'favicon.svg': FAVICON,
  });
  const written = await precompressDir(webDir);
  expect(written.files).toBe(2); // app-1234.js and its map; index.html and small-1234.js are too small
  [dev, prod] = await Promise.all([
    createTestApp({ webDir, appEnv: 'development' }),
    createTestApp({ webDir, appEnv: 'production' }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
  await rm(webDir, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
  });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

const varyTokens = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('static files', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('Accept-Encoding %j gets the precompressed %s file', async (accept, expected) => {
    const res = await get(dev, '/assets/app-1234.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(varyTokens(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 3);
    expect(decoded(res)).toBe(APP_JS);
  });

  it('goes as it is without Accept-Encoding, or when only identity is accepted', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get(dev, '/assets/app-1234.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(varyTokens(res)).toContain('accept-encoding');
      expect(res.body).toBe(APP_JS);
    }
  });

  it('a file too small to have been precompressed goes as it is, and is not compressed on the fly', async () => {
    const res = await get(dev, '/assets/small-1234.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL_JS);
  });

  it('a hashed file carries no validator: no ETag, Last-Modified or Accept-Ranges, a year in the cache', async () => {
    for (const accept of ['br, gzip', undefined]) {
      const res = await get(dev, '/assets/app-1234.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const header of ['etag', 'last-modified', 'accept-ranges'])
        expect(res.headers[header], `${header} with ${accept}`).toBeUndefined();
    }
  });

  it('a file at the top is revalidated by its ETag: 304 when unchanged', async () => {
    const res = await get(dev, '/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(FAVICON);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(dev, '/favicon.svg', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('the history fallback still sends index.html, to be revalidated', async () => {
    for (const url of ['/', '/login', '/customers/abc/detail']) {
      const res = await get(dev, url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res)).toBe(INDEX_HTML);
    }
  });
});

describe('source maps', () => {
  it('are served in development', async () => {
    const plain = await get(dev, '/assets/app-1234.js.map');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(APP_MAP);
    const br = await get(dev, '/assets/app-1234.js.map', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(APP_MAP);
  });

  it('are not served in production: 404, not the app', async () => {
    for (const url of [
      '/assets/app-1234.js.map',
      '/assets/app-1234.js.map.br',
      '/assets/app-1234.js.map.gz',
    ]) {
      for (const accept of [undefined, 'br, gzip']) {
        const res = await get(prod, url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.body).not.toContain('<div id="root">');
      }
    }
    // The code itself still is, precompressed.
    const js = await get(prod, '/assets/app-1234.js', 'br');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
  });
});

describe('API answers', () => {
  it('above 1 KiB are compressed as the client asks, with Vary', async () => {
    const identity = await get(dev, '/api/openapi.json');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    for (const accept of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const res = await get(dev, '/api/openapi.json', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(accept === 'gzip' ? 'gzip' : 'br');
      expect(varyTokens(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(identity.json());
    }
  });

  it('the staff list of several users is compressed for a signed-in browser', async () => {
    const leader = await dev.signIn('leader');
    for (let i = 0; i < 12; i++) await dev.signIn('agent');
    const res = await get(dev, '/api/administrators', 'gzip, deflate, br', leader.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(res));
    expect(body.success).toBe(true);
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);
  });

  it('below 1 KiB go as they are', async () => {
    const res = await get(dev, '/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('the health answer, always under 1 KiB, is never compressed, whatever the client accepts', async () => {
    for (const encoding of ['br', 'gzip', 'br, gzip, deflate', 'identity']) {
      const res = await get(dev, '/api/health', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toMatchObject({ status: 'ok' });
    }
  });
});

describe('the app page', () => {
  // As the build writes it: the names of its built styles make it several kB.
  const BIG_INDEX = `<!doctype html><html><head><style data-emotion="css ${Array.from({ length: 400 }, (_, i) => `x${(i * 7919).toString(36)}`).join(' ')}"></style></head><body><div id="root"></div></body></html>`;
  let bigDir: string;
  let app: TestApp;
  beforeAll(async () => {
    bigDir = await webDirWith('bo-web-page-', { 'index.html': BIG_INDEX });
    app = await createTestApp({ webDir: bigDir, appEnv: 'production' });
  });
  afterAll(async () => {
    await app?.close();
    await rm(bigDir, { recursive: true, force: true });
  });

  it('above 1 KiB goes compressed as the client asks, with Vary, the same page once decoded', async () => {
    for (const url of ['/', '/customers/abc/detail'])
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
        ['identity', undefined],
      ] as const) {
        // Twice: the second answer comes from the page's kept bodies.
        for (const round of [1, 2]) {
          const res = await get(app, url, accept);
          const what = `${url} ${accept} (${round})`;
          expect(res.statusCode, what).toBe(200);
          expect(res.headers['content-encoding'], what).toBe(expected);
          expect(res.headers['content-type'], what).toMatch(/^text\/html/);
          expect(res.headers['cache-control'], what).toBe('no-cache');
          expect(varyTokens(res), what).toContain('accept-encoding');
          if (expected) expect(res.rawPayload.length, what).toBeLessThan(BIG_INDEX.length * 0.7);
          expect(decoded(res), what).toBe(BIG_INDEX);
        }
      }
  });
});
