import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Build-time compression of the web app: every compressible file of dist/web above a small size
// gets a .br (brotli, quality 11) and a .gz (gzip, level 9) beside it, which the server sends as
// they are (@fastify/static `preCompressed`), so no request pays for compressing a static file.
// Source maps (development only, and five times the size of the code) get quicker settings:
// brotli 11 on them would add half a minute to every build for a few percent.

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/i;
/** Below this, compression saves less than a packet and costs a lookup. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `dir` of at least MIN_BYTES. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(file);
        const map = file.endsWith('.map');
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: map ? 6 : constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzipAsync(raw, { level: map ? 6 : constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        result.files += 1;
        result.rawBytes += raw.length;
        result.brBytes += br.length;
        result.gzBytes += gz.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}

/** Vite plugin: precompresses the build output once every file is written. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: { info(message: string): void } = console;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const t = Date.now();
        const r = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        logger.info(
          `precompressed ${r.files} files in ${Date.now() - t} ms: ${kb(r.rawBytes)} → br ${kb(r.brBytes)}, gzip ${kb(r.gzBytes)}`,
        );
      },
    },
  };
}
