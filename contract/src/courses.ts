import { type Static, Type } from 'typebox';
import { CatalogueRef } from './catalogue.ts';
import { DateOnly } from './common.ts';

export const CourseBookProject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  index: Type.Integer(),
  active: Type.Boolean(),
  is_group_project: Type.Boolean(),
});

export const CourseBook = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  index: Type.Integer(),
  /** Active projects only, by index. */
  projects: Type.Array(CourseBookProject),
  assessments: Type.Array(CatalogueRef),
});
export type CourseBook = Static<typeof CourseBook>;

export const Course = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  date_created: DateOnly,
  active: Type.Boolean(),
  books: Type.Array(CourseBook),
});
export type Course = Static<typeof Course>;
export const CourseList = Type.Array(Course);

export const CourseListQuery = Type.Object({
  cohortId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: "Only this cohort's courses, in cohort order",
    }),
  ),
  active: Type.Optional(
    Type.Boolean({
      description:
        "With cohortId: only the cohort's course being taught (true) or the others (false). " +
        'Without: active (default) or inactive courses.',
    }),
  ),
  all: Type.Optional(Type.Boolean({ description: 'Every course, active and inactive' })),
});
export type CourseListQuery = Static<typeof CourseListQuery>;

const CourseName = Type.String({ minLength: 1, maxLength: 75 });

export const CreateCourseBody = Type.Object({
  name: CourseName,
  active: Type.Optional(Type.Boolean()),
});
export type CreateCourseBody = Static<typeof CreateCourseBody>;

export const UpdateCourseBody = Type.Object(
  { name: Type.Optional(CourseName), active: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type UpdateCourseBody = Static<typeof UpdateCourseBody>;

export const CourseStatsRow = Type.Object({
  bookname: Type.String(),
  bookindex: Type.Integer(),
  projectname: Type.String(),
  projectindex: Type.Integer(),
  /** Average days from the cohort's start to the project's assignment (fractional). */
  averagestartdelay: Type.Number(),
});
export type CourseStatsRow = Static<typeof CourseStatsRow>;
export const CourseStats = Type.Object({ data: Type.Array(CourseStatsRow) });
export type CourseStats = Static<typeof CourseStats>;
