import { getProfile } from '@/lib/profile-api.ts';
import { setSession } from '@/lib/session.ts';
import { shareSignIn } from '@/lib/session-sharing.ts';

/**
 * The last step of every sign-in: load the profile with the new token, store the session, and
 * offer it to the tabs of this browser that are signed out.
 */
export async function completeSignIn(token: string): Promise<void> {
  const profile = await getProfile({}, { token });
  const session = { profile, token };
  setSession(session);
  shareSignIn(session);
}
