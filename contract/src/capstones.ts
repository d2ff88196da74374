import { type Static, Type } from 'typebox';
import { Timestamp, WebUrlOrEmpty } from './common.ts';

/*
 * Capstone proposals and their timeline.
 * GET /capstones?cohortId= (staff) | ?studentId= (staff or that learner); one of the two is required
 *   (cohortId takes precedence). → 200 Capstone[]
 * POST /capstones (the signed-in learner) → 201 {message}
 *   400 'Could not find any matching courses' (unknown course)
 *   403 NOT_COHORT_COURSE_MESSAGE (only the courses of the learner's current cohort)
 *   409 ALREADY_SUBMITTED_MESSAGE (one proposal per course)
 * POST /timelines {capstone, status} (staff) → 201 Timeline
 *   400 naming the missing field; 404 unknown capstone/status;
 *   409 'The proposal is already marked as {status}.' when it is its current status
 * DELETE /timelines/{id} (staff) → 204 (revoking an approval deletes its timeline entry)
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const CapstoneStatus = Type.Object({
  /** Timeline entry id (DELETE /timelines/{id} takes it). */
  id: Type.Integer(),
  /** Proposal status text: In Review, Requires Changes, Approved, MVP. */
  status: Type.String(),
  status_id: Type.Integer(),
  /** ISO instant. */
  date: Timestamp,
});
export type CapstoneStatus = Static<typeof CapstoneStatus>;

export const Capstone = Type.Object({
  id: Type.Integer(),
  student_id: Type.Integer(),
  /** Learner's full name. */
  name: Type.String(),
  course_id: Type.Integer(),
  /** Course name. */
  course: Type.String(),
  proposal_url: Type.String(),
  repo_url: Type.String(),
  description: Type.String(),
  /** Oldest first; the last one is the current status. */
  statuses: Type.Array(CapstoneStatus),
});
export type Capstone = Static<typeof Capstone>;
export const CapstoneList = Type.Array(Capstone);
export type CapstoneList = Static<typeof CapstoneList>;

export const CapstonesQuery = Type.Object({
  cohortId: Type.Optional(Id),
  studentId: Type.Optional(Id),
});
export type CapstonesQuery = Static<typeof CapstonesQuery>;

export const CreateCapstoneBody = Type.Object({
  course: Id,
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  proposalURL: Type.Optional(WebUrlOrEmpty(1000)),
  repoURL: Type.Optional(WebUrlOrEmpty(1000)),
});
export type CreateCapstoneBody = Static<typeof CreateCapstoneBody>;
export const CreateCapstoneResponse = Type.Object({ message: Type.String(), id: Type.Integer() });
export type CreateCapstoneResponse = Static<typeof CreateCapstoneResponse>;

export const NO_MATCHING_COURSE_MESSAGE = 'Could not find any matching courses';
export const NOT_COHORT_COURSE_MESSAGE =
  'You can only submit a proposal for a course of your current cohort.';
export const ALREADY_SUBMITTED_MESSAGE =
  'You have already submitted a proposal for this course. If you made updates, just let your instructional team know via Slack';

export const CreateTimelineBody = Type.Object({ capstone: Id, status: Id });
export type CreateTimelineBody = Static<typeof CreateTimelineBody>;

export const Timeline = Type.Object({
  id: Type.Integer(),
  capstone: Type.Integer(),
  status: Type.Integer(),
  /** ISO instant. */
  date: Timestamp,
});
export type Timeline = Static<typeof Timeline>;
