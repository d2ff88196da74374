import { type Static, Type } from 'typebox';
import { CatalogueId, CatalogueRef, RequiredUrl } from './catalogue.ts';
import { Timestamp } from './common.ts';

export const ObjectiveRef = Type.Object({ id: Type.Integer(), label: Type.String() });
export type ObjectiveRef = Static<typeof ObjectiveRef>;

/** A book's self-assessment (the definition), as `/bookassessments` and `GET /assessments` send it. */
export const BookAssessment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  source_url: Type.String(),
  assigned_book: CatalogueRef,
  course: CatalogueRef,
  objectives: Type.Array(ObjectiveRef),
});
export type BookAssessment = Static<typeof BookAssessment>;
export const BookAssessmentList = Type.Array(BookAssessment);

/** One learner's self-assessment. */
export const StudentAssessment = Type.Object({
  id: Type.Integer(),
  assessment: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    objectives: Type.Array(ObjectiveRef),
  }),
  status: Type.String(),
  url: Type.String(),
  /** ISO instant the learner started it. */
  started_at: Timestamp,
});
export type StudentAssessment = Static<typeof StudentAssessment>;

export const AssessmentListQuery = Type.Object({
  studentId: Type.Optional(CatalogueId),
});
export type AssessmentListQuery = Static<typeof AssessmentListQuery>;

export const BookAssessmentListQuery = Type.Object({ bookId: Type.Optional(CatalogueId) });
export type BookAssessmentListQuery = Static<typeof BookAssessmentListQuery>;

const Name = Type.String({ minLength: 1, maxLength: 255 });
const ObjectiveIds = Type.Array(CatalogueId, { maxItems: 200 });

/**
 * `POST /assessments` has two modes. With `studentId` and `assessmentId` it gives a learner the
 * assessment; otherwise it creates a book's self-assessment from `name`, `sourceURL`, `bookId`
 * and `objectives`.
 */
export const CreateAssessmentBody = Type.Object({
  name: Type.Optional(Name),
  sourceURL: Type.Optional(RequiredUrl),
  bookId: Type.Optional(CatalogueId),
  objectives: Type.Optional(ObjectiveIds),
  studentId: Type.Optional(CatalogueId),
  assessmentId: Type.Optional(CatalogueId),
});
export type CreateAssessmentBody = Static<typeof CreateAssessmentBody>;
export const CreatedAssessment = Type.Union([BookAssessment, StudentAssessment]);

/** Only the fields sent change; `objectives` replaces this assessment's objectives. */
export const UpdateBookAssessmentBody = Type.Object(
  {
    name: Type.Optional(Name),
    sourceURL: Type.Optional(RequiredUrl),
    bookId: Type.Optional(CatalogueId),
    objectives: Type.Optional(ObjectiveIds),
  },
  { minProperties: 1 },
);
export type UpdateBookAssessmentBody = Static<typeof UpdateBookAssessmentBody>;

/** A learner's assessment status: the status id (1-4) or its label. */
export const UpdateStudentAssessmentBody = Type.Object({
  status: Type.Union([
    Type.Integer({ minimum: 1, maximum: 100 }),
    Type.String({ minLength: 1, maxLength: 50 }),
  ]),
});
export type UpdateStudentAssessmentBody = Static<typeof UpdateStudentAssessmentBody>;
