import { RouterProvider } from 'react-router';
import { CrashBoundary } from './crash-boundary';
import { Providers } from './providers';
import type { AppRouter } from './router/router';

export function App({ router }: { router: AppRouter }) {
  return (
    <CrashBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </CrashBoundary>
  );
}
