import { Theme } from '@radix-ui/themes';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client.ts';
import { applyColorScheme } from '@/lib/appearance.ts';
import { useColorScheme } from '@/lib/use-color-scheme.ts';
import { ConfirmProvider } from '@/ui/dialog/confirm-provider.tsx';
import { toast } from '@/ui/toasts/toast-store.ts';
import { Toaster } from '@/ui/toasts/toaster.tsx';
import { createQueryClient } from './query-client.ts';
import './theme.css';

/** Sent on window when a refused token ended the session, so the router can offer sign-in. */
export const SESSION_ENDED_EVENT = 'lp:session-ended';

interface ProvidersProps {
  children: ReactNode;
  /** main.tsx passes the client it started the first screen in; tests pass their own (no retries). */
  queryClient?: QueryClient;
}

/**
 * Everything a screen may rely on: the Radix theme (light or dark, lib/appearance.ts), the query
 * cache, toasts and confirmations. The session and settings are small external stores read with
 * useSession()/useSettings().
 */
export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const colorScheme = useColorScheme();
  useLayoutEffect(() => applyColorScheme(colorScheme), [colorScheme]);

  useEffect(() => {
    // A refused token (expired, revoked) has already cleared the session; the router now shows
    // the sign-in page. Say why, and drop data cached for the previous user.
    setUnauthorizedHandler(() => {
      client.clear();
      toast.show('Your session has ended. Please sign in again.', { type: 'warning' });
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    });
    return () => setUnauthorizedHandler(() => {});
  }, [client]);

  return (
    <Theme appearance={colorScheme} accentColor="indigo" radius="medium">
      <QueryClientProvider client={client}>
        <ConfirmProvider>{children}</ConfirmProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>
  );
}
