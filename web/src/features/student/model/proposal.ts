import type { StudentProfile } from '@lp/contract/profile';
// The capstone proposal form's rules (spec §5): a proposal URL that is a URL, a project
import { isWebUrl } from '@/lib/urls.ts';
// overview, and five confirmations.

export const PROPOSAL_CHECKS = [
  { key: 'requirements', label: 'My proposal meets every requirement for the capstone.' },
  { key: 'sharing', label: 'The document is shared with "Anyone with the link".' },
  { key: 'erd', label: 'The proposal includes the URL of my ERD.' },
  { key: 'wireframes', label: 'The proposal includes the URL of my wireframes.' },
  { key: 'wireframesPublic', label: 'My wireframes can be viewed by anyone with the link.' },
] as const;

export type ProposalCheck = (typeof PROPOSAL_CHECKS)[number]['key'];

export interface ProposalDraft {
  proposalURL: string;
  description: string;
  checks: Partial<Record<ProposalCheck, boolean>>;
}

export type ProposalErrors = Partial<Record<'proposalURL' | 'description' | 'checks', string>>;

export function validateProposal(draft: ProposalDraft): ProposalErrors {
  const errors: ProposalErrors = {};
  if (!draft.proposalURL.trim()) errors.proposalURL = 'Enter the URL of your proposal document.';
  else if (!isWebUrl(draft.proposalURL))
    errors.proposalURL = 'Enter a URL, e.g. https://docs.google.com/…';
  if (!draft.description.trim()) errors.description = 'Write a short overview of your project.';
  if (PROPOSAL_CHECKS.some(({ key }) => !draft.checks[key]))
    errors.checks = 'Confirm all five items of the checklist.';
  return errors;
}

/**
 * The course a learner's proposal is for (their cohort's active course), and the proposal they
 * sent for it already, if any: one proposal per course.
 */
export function proposalCourse(profile: StudentProfile) {
  const course = profile.current_cohort.courses?.find((item) => item.active) ?? null;
  const sent = course
    ? (profile.capstones.find((capstone) => capstone.course === course.course__name) ?? null)
    : null;
  return { course, sent };
}
