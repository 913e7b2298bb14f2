import { RouterProvider } from 'react-router';
import { CrashBoundary } from './crash-boundary';
import { Providers } from './providers';
import { router } from './router/router';

export function App() {
  return (
    <CrashBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </CrashBoundary>
  );
}
