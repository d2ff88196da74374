// Checks the client runs on contract values, in a module without schemas: the browser imports
// these and constants.ts at run time, and every other contract module for its types only, so it
// never builds the API's schemas (web/src/lib/contract-imports.test.ts).
import { FAILING_CHECK_STATES, RUNNING_CHECK_STATES } from './constants.ts';
import type { ChecksState } from './github.ts';
import type { Profile, StaffProfile } from './profile.ts';

export function isStaffProfile(profile: Profile): profile is StaffProfile {
  return 'person' in profile;
}

/** Cohort names that mean "not assigned yet": hidden from the filter, offered the assign control. */
export const isUnassignedCohort = (name: string) => /unassigned|day 0/i.test(name);

/** A GitHub check state as the card's checks take it: failing, running, or else passing. */
export function checksStateOf(state: string): ChecksState {
  if ((FAILING_CHECK_STATES as readonly string[]).includes(state)) return 'failing';
  if ((RUNNING_CHECK_STATES as readonly string[]).includes(state)) return 'running';
  return 'passing';
}
