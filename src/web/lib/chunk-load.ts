import { CHUNK_LOAD_TIMEOUT_MS } from '@domain/reference/constants';
import { type ComponentType, lazy } from 'react';

// spec 1 §8: loading a script chunk that takes more than 120 seconds fails with a chunk load error.

export class ChunkLoadError extends Error {
  constructor(message = 'Loading a part of the application took too long and was stopped.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A chunk fetched when first asked for, with the time limit: later calls (a focus, a pointer, the
 * click itself) share that load, and a load that failed is tried again on the next call.
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= withChunkTimeout(load()).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** Starts a chunk's load ahead of its use (a pointer over a button, a first focus); failures wait for the use. */
export const preloader = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/**
 * A component whose code loads when first rendered (`load`, usually a `chunkLoader`), or `fallback`
 * when it cannot be fetched: the screen says so in place of the part, never the error screen.
 */
export function lazyOr<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}

/** Chunk failures (time-out, or a chunk missing after a new deployment) are fixed by a reload. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}
