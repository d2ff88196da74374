import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Who sees what of the Foundations progress list (GET /foundations):
 * - the spec lets anyone see the Foundations screen, signed out included, but learner names and
 *   progress are personal data. So only staff see full names and GitHub ids; everyone else
 *   (anonymous callers and learners) sees each learner's initials, no GitHub id, and the name
 *   filter matches those initials only, so it cannot be used to probe for a person's name.
 * - nobody ever receives completed_code (the repository never selects it).
 * Assigning a cohort is staff only (route access 'staff'). Uploads are the exercise site's, proven
 * by the shared secret FOUNDATIONS_UPLOAD_SECRET, not by a person.
 */
export const maySeeLearnerIdentity = (caller: SignedInPerson | null) => caller?.isStaff === true;

/** "Keisha Moore" → "K. M."; an empty name → "?". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  return parts.map((part) => `${Array.from(part)[0]?.toUpperCase()}.`).join(' ');
}
