import type { Profile } from '@lp/contract/profile';

/** The name of whoever a session is signed in as, staff or learner. */
export const signedInName = (profile: Profile) =>
  'person' in profile
    ? `${profile.person.first_name} ${profile.person.last_name}`.trim()
    : profile.name;
