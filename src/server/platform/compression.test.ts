import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression, SYNC_COMPRESS_MAX_BYTES } from './compression';

// API answers that are already in memory are compressed in one call up to 64 KiB (a whole body
// with its Content-Length), larger ones through a stream (chunked, no Content-Length).

const answerOf = (bytes: number) => {
  const rows: { id: number; name: string }[] = [];
  while (JSON.stringify(rows).length < bytes) rows.push({ id: rows.length, name: `row ${rows.length}` });
  return JSON.stringify({ success: true, data: rows });
};
const MEDIUM = answerOf(45_000);
const LARGE = answerOf(SYNC_COMPRESS_MAX_BYTES + 20_000);

const app = Fastify();
beforeAll(async () => {
  await registerCompression(app);
  app.get('/api/medium', async (_request, reply) => reply.type('application/json').send(MEDIUM));
  app.get('/api/large', async (_request, reply) => reply.type('application/json').send(LARGE));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** Over a socket, so the headers are what a client sees (chunked or with a length). */
const get = (url: string, accept: string) =>
  new Promise<{ headers: IncomingHttpHeaders; rawPayload: Buffer }>((resolve, reject) => {
    const { port } = app.server.address() as AddressInfo;
    httpGet({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, rawPayload: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });

describe('API answer compression', () => {
  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ])('a 45 KB answer goes %s-compressed in one piece, with its length', async (encoding, decode) => {
    expect(MEDIUM.length).toBeGreaterThan(40_000);
    const res = await get('/api/medium', encoding);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(MEDIUM.length / 4);
    expect(decode(res.rawPayload).toString('utf8')).toBe(MEDIUM);
  });

  it('an answer above 64 KiB is compressed as a stream', async () => {
    const res = await get('/api/large', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(LARGE);
  });
});
