import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Compresses /api answers of at least 1 KiB with brotli or gzip, whichever the client prefers
 * (Accept-Encoding), and adds `Vary: Accept-Encoding`. Only routes registered after this are
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
    encodings: ['br', 'gzip'],
  });
}
