import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerCompression } from './compression';
import { jsonAnswer, preferredEncoding, sendJsonAnswer } from './json-answer';

const Rows = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number(), name: z.string() })),
});
const rows = (n: number) => ({
  success: true as const,
  data: Array.from({ length: n }, (_, id) => ({ id, name: `row ${id}` })),
});
const big = jsonAnswer(Rows, rows(200));
const small = jsonAnswer(Rows, rows(2));

const app = Fastify();
beforeAll(async () => {
  await registerCompression(app);
  app.get('/api/big', async (_request, reply) => sendJsonAnswer(reply, big));
  app.get('/api/small', async (_request, reply) => sendJsonAnswer(reply, small));
  await app.ready();
});
afterAll(() => app.close());

describe('a cached JSON answer is compressed once per encoding', () => {
  it('sends the same bytes the client can decode, with Vary, Content-Encoding and Content-Length', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const first = await app.inject({
        method: 'GET',
        url: '/api/big',
        headers: { 'accept-encoding': accept },
      });
      const second = await app.inject({
        method: 'GET',
        url: '/api/big',
        headers: { 'accept-encoding': accept },
      });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(decode(first.rawPayload).toString()).toBe(big.json);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(big.encoded[encoding]?.equals(first.rawPayload)).toBe(true);
    }
  });

  it('sends plain JSON to a client that accepts no compression, and small answers as they are', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/api/big',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big.json);
    const tiny = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(small.json);
  });

  it('picks br, then gzip, never a coding the client refuses', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    fc.assert(
      fc.property(
        fc.subarray(['br', 'gzip', 'deflate', 'identity']),
        fc.subarray(['br', 'gzip']),
        (listed, refused) => {
          const header = listed.map((c) => (refused.includes(c) ? `${c};q=0` : c)).join(', ');
          const picked = preferredEncoding(header);
          if (picked !== null) {
            expect(listed).toContain(picked);
            expect(refused).not.toContain(picked);
          } else {
            expect(listed.filter((c) => (c === 'br' || c === 'gzip') && !refused.includes(c))).toEqual([]);
          }
        },
      ),
    );
  });
});
