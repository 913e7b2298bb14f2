import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SESSION_COOKIE } from '@domain/auth/contracts';
import { ERROR_CODES } from '@domain/platform/envelope';
import { SHELL_START, screenStartsAt } from '@domain/platform/screen-starts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSender } from './json-answer';

/** A source map, or one of its precompressed copies. */
const isSourceMap = (pathname: string) => /\.map(?:\.br|\.gz)?$/.test(pathname);

export interface WebAppOptions {
  /** Serve the build's source maps (*.map); production answers 404 for them. */
  sourceMaps: boolean;
  /** The drafts environment: the sign-in page and the app's page come in the drafts palette from their first paint. */
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
    const allowedPath = (pathname: string) => opts.sourceMaps || !isSourceMap(pathname);
    // The build's hashed files never change under their name: cached for a year, and nothing to
    // revalidate them with. ETag, Last-Modified and Accept-Ranges were 75 of the 500 bytes of
    // headers each script came with, 14–18 scripts a screen (ADR 045).
    await app.register(fastifyStatic, {
      root: path.join(webDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      allowedPath,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The files at the top (the icon): asked again each time, validated by their ETag.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      decorateReply: false,
      allowedPath,
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  // index.html is read on each request (it is small, and a rebuild must not need a restart).
  const manifest = buildManifest(webDir);
  // The pages go compressed (the app's page names its built styles: 9 kB, 5 kB with brotli).
  const sendPage = pageSender();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = inPalette(await readFile(indexPath, 'utf8'), opts.drafts);
    reply.headers(opts.documentHeaders ?? {}).header('cache-control', 'no-cache');
    return sendPage(reply, withStartHints(html, request, await manifest()));
  };
  if (hasWeb) app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  // The sign-in page is a page of its own (ADR 035); a build without it signs in inside the app.
  const loginPath = path.join(webDir, 'login.html');
  if (hasWeb && existsSync(loginPath)) {
    app.get('/login', { schema: { hide: true } }, async (_request, reply) => {
      const html = await readFile(loginPath, 'utf8');
      return sendPage(reply.header('cache-control', 'no-cache'), inPalette(html, opts.drafts));
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
    return sendIndex(request, reply);
  });
}

/** A page in the drafts palette from its first paint (its styles read `data-theme`), or as built. */
const inPalette = (html: string, drafts: boolean | undefined) =>
  drafts ? html.replace('<html lang="en">', '<html lang="en" data-theme="drafts">') : html;

/** A chunk of the build's manifest (Vite's .vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The build's manifest, read again when the build changes; null without one. */
function buildManifest(webDir: string): () => Promise<Manifest | null> {
  const file = path.join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (cached?.mtimeMs !== info.mtimeMs) {
      const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
      cached = { mtimeMs: info.mtimeMs, manifest };
    }
    return cached.manifest;
  };
}

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The app's page for a signed-in staff member's URL, naming what its screen needs first (ADR 035):
 * the session and the menu's flags, the screen's first GET calls (screen-starts.ts) as fetch
 * preloads, and the chunks of the shell and the screen as module preloads. The browser asks for
 * all of them with the page instead of after the app's scripts have run and matched the route;
 * the app's own calls then take the preloaded answers. Without a session cookie the page is as
 * built: the app will only send the visitor to the sign-in page.
 */
function withStartHints(html: string, request: FastifyRequest, manifest: Manifest | null): string {
  if (!request.cookies?.[SESSION_COOKIE]) return html;
  const url = new URL(request.url, 'http://localhost');
  const screens = screenStartsAt(url.pathname, url.searchParams);
  const calls = [...SHELL_START.calls, ...screens.flatMap((screen) => screen.calls)];
  const links = calls.map((call) => `<link rel="preload" as="fetch" crossorigin href="${attr(call)}">`);
  if (manifest) {
    const byName = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.name, key]));
    const loaded = new Set<string>();
    const mark = (key: string) => {
      if (loaded.has(key) || !manifest[key]) return;
      loaded.add(key);
      for (const imported of manifest[key].imports ?? []) mark(imported);
    };
    // What the page's own script already names.
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry && html.includes(chunk.file)) mark(key);
    const fromPage = new Set(loaded);
    for (const name of [SHELL_START.chunk, ...screens.map((screen) => screen.chunk)]) {
      const key = byName.get(name);
      if (key) mark(key);
    }
    for (const key of loaded)
      if (!fromPage.has(key))
        links.push(`<link rel="modulepreload" crossorigin href="/${attr(manifest[key]!.file)}">`);
  }
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
