import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream on libuv's threadpool. On this deployment's few cores (two; Node 20 reports the host's)
 * the library's default (8 KiB for 2 cores) sends a 45 KB cart answer through the stream, which
 * costs about three times the CPU of the call itself and, with the cores busy, waits for a
 * threadpool thread: p95 of 11–22 ms against under 1 ms compressed in one call (measured through
 * HTTP on this machine under load). 64 KiB is the library's own ceiling for CPU-constrained hosts;
 * larger answers keep the stream so the event loop is never held long.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Compresses /api answers of at least 1 KiB with brotli or gzip, whichever the client prefers
 * (Accept-Encoding), and adds `Vary: Accept-Encoding`; up to 64 KiB in one call, larger ones as a stream. Only routes registered after this are
 * concerned, so it is registered before the API routes.
 *
 * The web app's files are not compressed here: the build writes them precompressed and the static
 * server picks the .br or .gz (src/server/platform/static.ts). Routes outside /api are switched off
 * before @fastify/compress sees them, so nothing is compressed twice. Request bodies are not
 * decompressed (clients send plain JSON; a compressed body would sidestep the body size limit).
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiRoute(route.url ?? route.path)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    encodings: ['br', 'gzip'],
  });
}
