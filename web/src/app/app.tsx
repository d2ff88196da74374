import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { Providers } from './providers.tsx';

interface AppProps {
  /** The client main.tsx started the first screen's requests in. */
  queryClient?: QueryClient;
  /** The first screen's chunks on their way (startFirstScreen). */
  firstScreen?: Promise<void> | null;
}

export function App({ queryClient, firstScreen }: AppProps) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes firstScreen={firstScreen} />
      </BrowserRouter>
    </Providers>
  );
}
