import { SCREEN_STARTS } from '@domain/platform/screen-starts';
import { LOGIN_PATH } from '@web/lib/login-redirect';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { InitialLoading, RootLayout } from '../pages/root-layout';
import { FullPageRouteError, RouteError } from '../pages/route-error';
import { batchRoutes } from './areas/batch';
import { customerRoutes } from './areas/customers';
import { incentiveRoutes } from './areas/incentives';
import { orderRoutes } from './areas/orders';
import { promoRoutes } from './areas/promos';
import { lazyPage, lazyScreen } from './lazy-page';
import { requireSession } from './require-session';
import type { RouteHandle } from './route-handle';

const handle = (h: RouteHandle) => h;

/** Screens of this issue, each a lazy chunk. */
const builtRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyScreen(
      () => import('../pages/dashboard-page').then((m) => m.DashboardPage),
      SCREEN_STARTS.dashboard,
    ),
    handle: handle({ title: 'Dashboard' }),
  },
  {
    path: 'administrators',
    lazy: lazyPage(() => import('../pages/administrators-page').then((m) => m.AdministratorsPage)),
    handle: handle({ title: 'Administrators', action: 'administrators.manage' }),
  },
  {
    path: 'administrators/create',
    lazy: lazyPage(() => import('../pages/create-administrator-page').then((m) => m.CreateAdministratorPage)),
    handle: handle({ title: 'Create administrator', action: 'administrators.manage' }),
  },
  {
    path: 'profile',
    lazy: lazyPage(() => import('../pages/my-profile-page').then((m) => m.MyProfilePage)),
    handle: handle({ title: 'Your profile' }),
  },
  {
    path: 'reconciliation',
    lazy: lazyPage(() => import('../pages/reconciliation-page').then((m) => m.ReconciliationPage)),
    handle: handle({ title: 'Reconciliation', action: 'reconciliation.read' }),
  },
  {
    path: 'outbox',
    lazy: lazyPage(() => import('../pages/outbox-page').then((m) => m.OutboxPage)),
    handle: handle({ title: 'Outbox', action: 'developer.tools' }),
  },
];

/** A record's bare URL opens its first tab. */
const recordIndexRoutes: RouteObject[] = [
  { path: 'customers/:id', element: <Navigate to="dashboard" replace /> },
  { path: 'orders/:id', element: <Navigate to="info" replace /> },
  { path: 'batchOrders/:id', element: <Navigate to="details" replace /> },
];

const notFound: RouteObject = {
  path: '*',
  lazy: lazyPage(() => import('../pages/not-found-page').then((m) => m.NotFoundPage)),
  handle: handle({ title: 'Page not found' }),
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <FullPageRouteError />,
    HydrateFallback: InitialLoading,
    children: [
      // Without chrome (spec 1 §2): login, forgot password, reset password, the error page.
      {
        // The sign-in page is a page of its own (login.html, ADR 035): a link to it from inside
        // the app loads that page.
        path: 'login',
        loader: ({ request }) => {
          window.location.replace(`${LOGIN_PATH}${new URL(request.url).search}`);
          return new Promise<never>(() => {});
        },
        handle: handle({ title: 'Sign in' }),
      },
      {
        path: 'forgotpassword',
        lazy: lazyPage(() => import('../pages/forgot-password-page').then((m) => m.ForgotPasswordPage)),
        handle: handle({ title: 'Forgot password' }),
      },
      {
        path: 'resetpassword',
        lazy: lazyPage(() => import('../pages/reset-password-page').then((m) => m.ResetPasswordPage)),
        handle: handle({ title: 'Reset password' }),
      },
      {
        path: 'confirm-email',
        lazy: lazyPage(() => import('../pages/confirm-email-page').then((m) => m.ConfirmEmailPage)),
        handle: handle({ title: 'Confirm email' }),
      },
      {
        // Sign in as customer (spec 1 §4): the customer view, outside the staff shell.
        path: 'login/token',
        lazy: lazyPage(() => import('../pages/customer-view-page').then((m) => m.CustomerViewPage)),
        handle: handle({ title: 'Customer view' }),
      },
      {
        path: 'error',
        lazy: lazyPage(() => import('../pages/error-page').then((m) => m.ErrorPage)),
        handle: handle({ title: 'Error' }),
      },
      {
        id: 'protected',
        loader: requireSession,
        // Every navigation re-checks (from cache when fresh), so an expired session is noticed.
        shouldRevalidate: () => true,
        lazy: lazyPage(() => import('../shell/app-shell').then((m) => m.AppShell)),
        children: [
          {
            // Errors inside a screen keep the menu, so the agent can move on.
            errorElement: <RouteError />,
            children: [
              ...builtRoutes,
              ...customerRoutes,
              ...orderRoutes,
              ...batchRoutes,
              ...promoRoutes,
              ...incentiveRoutes,
              ...recordIndexRoutes,
              notFound,
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The app's router. Creating it starts the first navigation: the session check, the screen's data
 * calls and its code (ADR 034).
 */
export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
