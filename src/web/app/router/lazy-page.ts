import type { GetCall, PostCall } from '@domain/platform/calls';
import type { ScreenStart } from '@domain/platform/screen-starts';
import { preloadGet, preloadPost } from '@web/lib/api-client';
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
  start: Pick<ScreenStart, 'calls' | 'posts' | 'followUps'>,
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
      const search = new URL(request.url).searchParams;
      const first = [
        ...start.calls(params, search).flatMap((url) => (url ? [preloadGet(url)] : [])),
        ...(start.posts?.(search) ?? []).map(startCall),
      ];
      const { followUps } = start;
      if (followUps)
        void Promise.all(first)
          .then((answers) => followUps(answers, search))
          .then((calls) => {
            for (const call of calls) startCall(call);
          })
          // The screen asks for itself what could not be started early.
          .catch(() => {});
      return null;
    },
  };
}

/** A GET's path starts with a slash; a read sent as a POST is marked 'POST'. */
function startCall(call: GetCall | PostCall): Promise<unknown> {
  if (call[0] === 'POST') {
    const [, path, body] = call as PostCall;
    return preloadPost(path, body);
  }
  const [path, query] = call as GetCall;
  return preloadGet(path, query);
}
