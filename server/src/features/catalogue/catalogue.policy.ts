import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Who may do what to the catalogue (courses, books, projects, self-assessments, learning
 * objectives). "Staff" is people.is_staff.
 *
 * Route level (declared as `config.access` on each route):
 * - Reading the catalogue — courses, books, projects, assessment definitions, objectives — is for
 *   any signed-in person: the learner's own screens show course, book and assessment names.
 * - Every change (create, update, delete, deactivate, giving a learner an assessment, changing a
 *   learner's assessment status) is for staff only; a learner gets 403.
 * - Course stats describe learners' progress: staff only.
 *
 * Object level (checked in the services with the functions below):
 * - A project's implementation URL (the reference solution) is shown to staff only.
 * - A learner's self-assessments (`GET /assessments?studentId=`, `GET /assessments/{id}`) are for
 *   that learner or staff; anyone else gets 403.
 * - The objectives a learner has not achieved (`GET /weights?studentId=`) are for staff only.
 */

export const maySeeImplementationUrl = (caller: SignedInPerson) => caller.isStaff;

export const mayReadLearnerAssessments = (caller: SignedInPerson, studentId: number) =>
  caller.isStaff || caller.id === studentId;

export const mayReadLearnerObjectives = (caller: SignedInPerson) => caller.isStaff;
