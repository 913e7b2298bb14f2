import type { Params, RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';
import type { RouteHandle } from '../route-handle';

// Screens of the route table not built yet share one honest "not available yet" screen, so
// links and bookmarks work before the screen exists.

const upcoming = lazyPage(() => import('../../pages/upcoming-page').then((m) => m.UpcomingPage));

export function upcomingScreen(
  path: string,
  title: string,
  extra: Omit<RouteHandle, 'title'> = {},
): RouteObject {
  return { path, lazy: upcoming, handle: { title, ...extra } satisfies RouteHandle };
}

export const customerSubject = (p: Params) => `Customer ${p.id ?? ''}`;
export const orderSubject = (p: Params) => `Order ${p.id ?? ''}`;
