import type { ScreenStart } from '@domain/platform/screen-starts';
import { preloadGet } from '@web/lib/api-client';
import { withChunkTimeout } from '@web/lib/chunk-load';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/**
 * A route whose screen is a separate chunk, loaded on first visit. A chunk that has not arrived
 * after 120 s fails with a chunk load error (spec 1 §8), shown by the route's error element.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await withChunkTimeout(load()) });
}

/**
 * A lazy screen whose data starts with its code (ADR 034): while the screen's chunk is still to
 * come, the route's loader starts the screen's first GET calls at once, in parallel with the
 * chunk and the session check; the screen's own calls then take those answers (preloadGet in
 * src/web/lib/api-client.ts), and the calls that follow from their answers (`followUps`) as soon as
 * those are in. Once the chunk is there the screen asks for itself, as soon as the
 * route matches, so nothing is asked twice.
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  start: Pick<ScreenStart, 'calls' | 'followUps'>,
): { lazy: ReturnType<typeof lazyPage>; loader: LoaderFunction } {
  let loaded = false;
  return {
    lazy: async () => {
      const Component = await withChunkTimeout(load());
      loaded = true;
      return { Component };
    },
    loader: ({ params, request }) => {
      if (loaded) return null;
      const first = start
        .calls(params, new URL(request.url).searchParams)
        .flatMap((url) => (url ? [preloadGet(url)] : []));
      const { followUps } = start;
      if (followUps)
        void Promise.all(first).then((answers) => {
          for (const [path, query] of followUps(answers)) preloadGet(path, query);
        });
      return null;
    },
  };
}
