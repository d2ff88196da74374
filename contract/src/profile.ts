import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const CohortCourseSummary = Type.Object({
  course__name: Type.String(),
  course__id: Type.Integer(),
  active: Type.Boolean(),
});

export const CurrentCohort = Type.Object({
  name: Type.String(),
  id: Type.Optional(Type.Integer()),
  start: Type.Optional(Type.String()),
  end: Type.Optional(Type.String()),
  ic: Type.Optional(Type.String()),
  client_course: Type.Optional(Nullable(Type.String())),
  server_course: Type.Optional(Nullable(Type.String())),
  zoom_url: Type.Optional(Nullable(Type.String())),
  github_org: Type.Optional(Nullable(Type.String())),
  courses: Type.Optional(Type.Array(CohortCourseSummary)),
});
export type CurrentCohort = Static<typeof CurrentCohort>;

export const ProfileProject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  book_id: Type.Optional(Type.Integer()),
  book_name: Type.Optional(Type.String()),
});

export const AssessmentOverviewItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.String(),
  book: Type.Object({ id: Type.Integer(), name: Type.String() }),
  reviewed_by: Type.String(),
  /** The self-assessment's repository; '' when none was created. */
  github_url: Type.String(),
  /**
   * Why there is no repository (e.g. 'GitHub is not configured'), null when there is one.
   * The learner's submit dialog says it instead of showing an empty URL.
   */
  no_repository_reason: Nullable(Type.String()),
});
export type AssessmentOverviewItem = Static<typeof AssessmentOverviewItem>;

export const ProfileCapstone = Type.Object({
  capstone__id: Type.Integer(),
  course: Type.String(),
  proposal: Type.String(),
  statuses: Type.Array(Type.Object({ status__status: Type.String(), date: Timestamp })),
});

export const CohortRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CohortRef = Static<typeof CohortRef>;

export const StudentProfile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  project: ProfileProject,
  email: Type.String(),
  github: Type.String(),
  avatar: Nullable(Type.String()),
  staff: Type.Boolean(),
  instructor: Type.Boolean(),
  slack_handle: Nullable(Type.String()),
  current_cohort: CurrentCohort,
  cohorts: Type.Array(CohortRef),
  repos: Type.String(),
  assessment_overview: Type.Array(AssessmentOverviewItem),
  capstones: Type.Array(ProfileCapstone),
  github_org_status: Nullable(Type.String()),
});
export type StudentProfile = Static<typeof StudentProfile>;

/** The server's last automatic backup failed (embedded database): when, and why. */
export const BackupFailure = Type.Object({ at: Timestamp, message: Type.String() });
export type BackupFailure = Static<typeof BackupFailure>;

export const StaffProfile = Type.Object({
  id: Type.Integer(),
  person: Type.Object({
    first_name: Type.String(),
    last_name: Type.String(),
    github: Type.Object({ login: Type.String(), repos: Type.String() }),
    active_cohort: Type.Integer(),
  }),
  staff: Type.Literal(true),
  instructor: Type.Boolean(),
  cohorts: Type.Array(CohortRef),
  /** Present while the automatic backups fail: staff are told on every page load. */
  backup_failure: Type.Optional(BackupFailure),
});
export type StaffProfile = Static<typeof StaffProfile>;

export const Profile = Type.Union([StaffProfile, StudentProfile]);
export type Profile = Static<typeof Profile>;

export const ProfileQuery = Type.Object({
  mimic: Type.Optional(Type.String({ maxLength: 10 })),
  cohort: Type.Optional(Type.String({ maxLength: 20 })),
  validate: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ProfileQuery = Static<typeof ProfileQuery>;

export const ProfileChangeBody = Type.Object({
  firstName: Type.String({ maxLength: 150 }),
  lastName: Type.String({ maxLength: 150 }),
});
export type ProfileChangeBody = Static<typeof ProfileChangeBody>;
