import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client.ts';
import { clearSession, getToken, retireToken } from '@/lib/session.ts';
import { shareSignOut } from '@/lib/session-sharing.ts';

/** Revokes the token on the server. */
export function logOut(token: string): Promise<void> {
  return api.post<void>('/auth/logout', undefined, { token });
}

/**
 * Signs out: the server revokes the token, then this browser forgets the session, the active
 * cohort and course, and every cached answer, and its other tabs sign out too. Local sign-out
 * happens even if the server is down.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    const token = getToken();
    try {
      if (token) {
        retireToken(token);
        await logOut(token);
      }
    } catch {
      // The token is unusable either way; the local sign-out below is what matters here.
    } finally {
      clearSession();
      shareSignOut();
      queryClient.clear();
      setPending(false);
      // The spec: sign-out goes to '/', which signed out is the public foundations screen.
      navigate('/', { replace: true });
    }
  }, [navigate, queryClient]);
  return { logOut: run, pending };
}
