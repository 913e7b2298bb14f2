import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES } from '@domain/platform/envelope';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A source map, or one of its precompressed copies. */
const isSourceMap = (pathname: string) => /\.map(?:\.br|\.gz)?$/.test(pathname);

export interface WebAppOptions {
  /** Serve the build's source maps (*.map); production answers 404 for them. */
  sourceMaps: boolean;
  /** The drafts environment: the sign-in page comes in the drafts palette from its first paint. */
  drafts?: boolean;
  /** The security headers of a document, for a page answered at a path of the build's files. */
  documentHeaders?: Record<string, string>;
}

/**
 * Serves the built single-page app with history fallback: any non-API path that is not a file
 * gets index.html, so deep links like /customers/abc/detail load the app.
 * Files are sent precompressed when the browser accepts it: the build writes a .br and a .gz
 * beside each compressible file (scripts/precompress.ts), chosen by Accept-Encoding, with
 * `Vary: Accept-Encoding`; smaller files and clients without br or gzip get the file as it is.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string, opts: WebAppOptions) {
  const indexPath = path.join(webDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => opts.sourceMaps || !isSourceMap(pathname),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  // index.html is read on each request (it is small, and a rebuild must not need a restart).
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .headers(opts.documentHeaders ?? {})
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(await readFile(indexPath, 'utf8'));
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  // The sign-in page is a page of its own (ADR 035); a build without it signs in inside the app.
  const loginPath = path.join(webDir, 'login.html');
  if (hasWeb && existsSync(loginPath)) {
    app.get('/login', { schema: { hide: true } }, async (_request, reply) => {
      const html = await readFile(loginPath, 'utf8');
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(opts.drafts ? html.replace('<html lang="en">', '<html lang="en" data-theme="drafts">') : html);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({
        success: false,
        error: `No API route ${request.method} ${request.url.split('?')[0]}`,
        code: ERROR_CODES.notFound,
        requestId: String(request.id),
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ success: false, error: 'Not found', code: ERROR_CODES.notFound });
    }
    // Source maps are not served in production: a plain 404, not the app.
    if (!opts.sourceMaps && isSourceMap(request.url.split('?')[0] ?? '')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasWeb) {
      return reply.status(404).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendIndex(reply);
  });
}
