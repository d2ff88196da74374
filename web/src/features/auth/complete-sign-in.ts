import { getProfile } from '@/lib/profile-api.ts';
import { setSession } from '@/lib/session.ts';

/** The last step of every sign-in: load the profile with the new token and store the session. */
export async function completeSignIn(token: string): Promise<void> {
  const profile = await getProfile({}, { token });
  setSession({ profile, token });
}
