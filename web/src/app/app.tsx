import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { Providers } from './providers.tsx';

/** The app; main.tsx passes the query client it started the first screen's requests in. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
