import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

/**
 * A JSON answer checked against its response schema and serialised once, for answers that are
 * cached and sent many times (the dashboard, the Administrators list): the route sends the text
 * as it is instead of validating and serialising the same object on every request, and compresses
 * it once per encoding instead of once per request (the compression plugin spent more on the
 * Administrators list than the rest of the request, ADR 033).
 */
export interface JsonAnswer {
  readonly json: string;
  /** The length of `json` in bytes. */
  readonly bytes: number;
  /** The compressed bodies, made on first need. */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

export function jsonAnswer<S extends z.ZodType>(schema: S, value: z.input<S>): JsonAnswer {
  const json = JSON.stringify(schema.encode(value as z.output<S>));
  return { json, bytes: Buffer.byteLength(json), encoded: {} };
}

/** Accept-Encoding values seen, and the encoding each picks: browsers send a handful of them. */
const picked = new Map<string, Encoding | null>();
const MAX_PICKED = 64;

/**
 * The encoding @fastify/compress would pick for this Accept-Encoding (registerCompression: br,
 * then gzip), or null for none: a coding with q=0 is refused, `*` stands for any.
 */
export function preferredEncoding(accept: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(accept) ? accept.join(',') : accept;
  if (!header) return null;
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = pickEncoding(header);
    if (picked.size >= MAX_PICKED) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

function pickEncoding(header: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

const compress = (encoding: Encoding, text: string): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : gzipSync(text);

export function sendJsonAnswer(reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  return sendText(reply, 'application/json; charset=utf-8', answer.json, answer.bytes, answer.encoded);
}

/**
 * Sends `text` as it is, or compressed with the encoding the client prefers when it is at least
 * COMPRESS_THRESHOLD_BYTES long (with `Vary: Accept-Encoding`); `encoded` keeps each encoding's
 * body for the next time the same text is sent.
 */
export function sendText(
  reply: FastifyReply,
  type: string,
  text: string,
  bytes: number,
  encoded: Partial<Record<Encoding, Buffer>>,
): FastifyReply {
  reply.type(type);
  if (bytes < COMPRESS_THRESHOLD_BYTES) return reply.send(text);
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
  if (!encoding) return reply.send(text);
  let body = encoded[encoding];
  if (!body) {
    body = compress(encoding, text);
    encoded[encoding] = body;
  }
  // A Content-Encoding already set tells the compression plugin to leave the body as it is.
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}

/**
 * The pages the server writes (the app's page with its start hints, the sign-in page) compressed
 * as they are sent, each text's bodies kept for the next request with the same text: a screen's
 * URL gives the same page every time, and only a few dozen differ.
 */
export function pageSender(max = 64) {
  const pages = new Map<string, Partial<Record<Encoding, Buffer>>>();
  return (reply: FastifyReply, html: string): FastifyReply => {
    let encoded = pages.get(html);
    if (!encoded) {
      if (pages.size >= max) pages.clear();
      encoded = {};
      pages.set(html, encoded);
    }
    return sendText(reply, 'text/html; charset=utf-8', html, Buffer.byteLength(html), encoded);
  };
}
