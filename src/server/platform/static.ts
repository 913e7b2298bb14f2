import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SESSION_COOKIE } from '@domain/auth/contracts';
import { ERROR_CODES } from '@domain/platform/envelope';
import { SHELL_START, screenStartsAt } from '@domain/platform/screen-starts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSender } from './json-answer';
import { answersBlock, PAGE_ANSWERS_WAIT_MS, type PageAnswer, pageAnswers } from './page-answers';

/** A source map, or one of its precompressed copies. */
const isSourceMap = (pathname: string) => /\.map(?:\.br|\.gz)?$/.test(pathname);

export interface WebAppOptions {
  /** Serve the build's source maps (*.map); production answers 404 for them. */
  sourceMaps: boolean;
  /** The drafts environment: the sign-in page and the app's page come in the drafts palette from their first paint. */
  drafts?: boolean;
  /** The security headers of a document, for a page answered at a path of the build's files. */
  documentHeaders?: Record<string, string>;
  /** How long a screen's page waits for the answers it carries (ADR 051); 0 sends none. */
  answersWaitMs?: number;
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
  const answersWaitMs = opts.answersWaitMs ?? PAGE_ANSWERS_WAIT_MS;
  // The pages go compressed (the app's page names its built styles: 9 kB, 5 kB with brotli).
  const sendPage = pageSender();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = inPalette(await readFile(indexPath, 'utf8'), opts.drafts);
    const page = await withStartHints(app, html, request, await manifest(), answersWaitMs);
    // A page that carries answers is the staff member's own, as those answers are: kept nowhere.
    reply
      .headers(opts.documentHeaders ?? {})
      .header('cache-control', page.answered ? 'no-store' : 'no-cache');
    return sendPage(reply, page.html);
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

/** The session check's call, among the shell's first calls. */
const SESSION_CALL = '/api/auth/session';
/** Whether the session check's answer is a signed-in staff member's. */
const isSignedIn = (body: unknown) => (body as { isLogged?: unknown } | undefined)?.isLogged === true;

/**
 * The app's page for a signed-in staff member's URL, with what its screen needs first (ADR 035,
 * ADR 051): the answers of the session, the menu's flags and the screen's first calls (screen-
 * starts.ts) and of the calls that follow from them, asked for on the server and carried in the
 * page; a fetch preload for each GET among them that did not answer in time or failed, so that the
 * browser asks for it with the page; and module preloads for the chunks of the shell and the
 * screen. Without a session cookie, or with one the session check answers signed out, the page is
 * as built: the app will only send the visitor to the sign-in page.
 */
async function withStartHints(
  app: FastifyInstance,
  html: string,
  request: FastifyRequest,
  manifest: Manifest | null,
  waitMs: number,
): Promise<{ html: string; answered: boolean }> {
  if (!request.cookies?.[SESSION_COOKIE]) return { html, answered: false };
  const url = new URL(request.url, 'http://localhost');
  const screens = screenStartsAt(url.pathname, url.searchParams);
  const firstGets = [...SHELL_START.calls, ...screens.flatMap((screen) => screen.calls)];
  const { answers, gets } =
    request.method === 'GET' && waitMs > 0
      ? await pageAnswers(
          app,
          request,
          {
            session: { call: SESSION_CALL, signedIn: isSignedIn },
            shellCalls: SHELL_START.calls.filter((call) => call !== SESSION_CALL),
            screens,
          },
          waitMs,
        )
      : { answers: new Map<string, PageAnswer>(), gets: firstGets };
  const session = answers.get(SESSION_CALL);
  // A cookie of no session (expired, signed out): the app will only send the visitor to sign in.
  if (session && !isSignedIn(session.body)) return { html, answered: false };
  // Without the session's answer in time, the browser is told every first call, as without answers.
  const links = (session ? gets : firstGets)
    .filter((call) => !answers.has(call))
    .map((call) => `<link rel="preload" as="fetch" crossorigin href="${attr(call)}">`);
  if (manifest) {
    const byName = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.name, key]));
    const loaded = new Set<string>();
    const mark = (key: string) => {
      if (loaded.has(key) || !manifest[key]) return;
      loaded.add(key);
      for (const imported of manifest[key].imports ?? []) mark(imported);
    };
    // What the page already names: its script, and the scripts its script imports as it starts.
    for (const [key, chunk] of Object.entries(manifest)) if (html.includes(`/${chunk.file}"`)) mark(key);
    const fromPage = new Set(loaded);
    for (const name of [SHELL_START.chunk, ...screens.map((screen) => screen.chunk)]) {
      const key = byName.get(name);
      if (key) mark(key);
    }
    for (const key of loaded)
      if (!fromPage.has(key))
        links.push(`<link rel="modulepreload" crossorigin href="/${attr(manifest[key]!.file)}">`);
  }
  let page = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  if (answers.size > 0) page = page.replace('</body>', `  ${answersBlock(answers)}\n  </body>`);
  return { html: page, answered: answers.size > 0 };
}
