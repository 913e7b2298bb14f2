import { withChunkTimeout } from '@web/lib/chunk-load';
import type { ComponentType } from 'react';

/**
 * A route whose screen is a separate chunk, loaded on first visit. A chunk that has not arrived
 * after 120 s fails with a chunk load error (spec 1 §8), shown by the route's error element.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await withChunkTimeout(load()) });
}
