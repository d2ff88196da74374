import { type Static, Type } from 'typebox';
import { DateOnly, Nullable, TimeZone, WebUrl, WebUrlOrEmpty } from './common.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Url = WebUrl(500);
/** An empty string clears a URL. */
const UrlOrEmpty = WebUrlOrEmpty(500);

export const CohortCourse = Type.Object({
  id: Type.Integer(),
  course: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    date_created: DateOnly,
    active: Type.Boolean(),
  }),
  active: Type.Boolean(),
  index: Type.Integer(),
});
export type CohortCourse = Static<typeof CohortCourse>;

export const Coach = Type.Object({ id: Type.Integer(), name: Type.String() });

/**
 * A cohort as the cohort list and overlay read it. `is_instructor` is 1 when the caller coaches
 * it. `invitation_secret`, `invitation_url` and `calendar_url` are sent to staff only; both links
 * are absolute, on the server's configured public address.
 */
export const Cohort = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slack_channel: Type.String(),
  start_date: DateOnly,
  end_date: DateOnly,
  active: Type.Boolean(),
  capstone: Type.Boolean(),
  time_zone: TimeZone,
  students: Type.Integer(),
  is_instructor: Type.Union([Type.Literal(0), Type.Literal(1)]),
  coaches: Type.Array(Coach),
  courses: Type.Array(CohortCourse),
  info: Nullable(Type.Integer()),
  student_organization_url: Nullable(Type.String()),
  github_classroom_url: Nullable(Type.String()),
  attendance_sheet_url: Nullable(Type.String()),
  invitation_secret: Type.Optional(Type.String()),
  /** The sign-in link that enrols a learner: {public address}{api}/auth/github/url?cohort=…&v=…. */
  invitation_url: Type.Optional(Type.String()),
  calendar_url: Type.Optional(Type.String()),
});
export type Cohort = Static<typeof Cohort>;

export const CohortSummary = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CohortSummary = Static<typeof CohortSummary>;

export const CohortListQuery = Type.Object({
  active: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** Search by name: every word must appear; answers [{id, name}]. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CohortListQuery = Static<typeof CohortListQuery>;

export const CreateCohortBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 55 }),
  startDate: DateOnly,
  endDate: DateOnly,
  orgURL: Url,
  slackChannel: Type.String({ minLength: 1, maxLength: 55 }),
  active: Type.Optional(Type.Boolean()),
  capstone: Type.Optional(Type.Boolean()),
  clientSide: Id,
  serverSide: Id,
});
export type CreateCohortBody = Static<typeof CreateCohortBody>;

/** Changes only the fields sent; other keys of a whole cohort object are ignored. */
export const UpdateCohortBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 55 })),
  slack_channel: Type.Optional(Type.String({ maxLength: 55 })),
  start_date: Type.Optional(DateOnly),
  end_date: Type.Optional(DateOnly),
  active: Type.Optional(Type.Boolean()),
  capstone: Type.Optional(Type.Boolean()),
  time_zone: Type.Optional(TimeZone),
});
export type UpdateCohortBody = Static<typeof UpdateCohortBody>;

export const CohortActiveBody = Type.Object({
  id: Type.Optional(Id),
  active: Type.Boolean(),
});
export type CohortActiveBody = Static<typeof CohortActiveBody>;

export const AssignQuery = Type.Object({
  userType: Type.Optional(Type.Union([Type.Literal('instructor'), Type.Literal('student')])),
});
export type AssignQuery = Static<typeof AssignQuery>;

export const AssignBody = Type.Union([Type.Object({ person_id: Type.Optional(Id) }), Type.Null()]);
export type AssignBody = Static<typeof AssignBody>;

export const UnassignBody = Type.Union([
  Type.Object({ student_id: Type.Optional(Id) }),
  Type.Null(),
]);
export type UnassignBody = Static<typeof UnassignBody>;

export const InvitationSecret = Type.Object({
  invitation_secret: Type.String(),
  invitation_url: Type.String(),
});
export type InvitationSecret = Static<typeof InvitationSecret>;

// Cohort info: the cohort's links.

export const CohortInfoUrls = {
  attendance_sheet_url: Nullable(Type.String()),
  github_classroom_url: Nullable(Type.String()),
  student_organization_url: Nullable(Type.String()),
  client_course_url: Nullable(Type.String()),
  server_course_url: Nullable(Type.String()),
  zoom_url: Nullable(Type.String()),
};

export const CohortInfo = Type.Object({
  id: Type.Integer(),
  cohort: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    active: Type.Boolean(),
    students: Type.Integer(),
  }),
  ...CohortInfoUrls,
});
export type CohortInfo = Static<typeof CohortInfo>;

const urlFields = {
  attendance_sheet_url: Type.Optional(Nullable(UrlOrEmpty)),
  github_classroom_url: Type.Optional(Nullable(UrlOrEmpty)),
  student_organization_url: Type.Optional(Nullable(UrlOrEmpty)),
  client_course_url: Type.Optional(Nullable(UrlOrEmpty)),
  server_course_url: Type.Optional(Nullable(UrlOrEmpty)),
  zoom_url: Type.Optional(Nullable(UrlOrEmpty)),
};

export const CreateCohortInfoBody = Type.Object({ cohort: Id, ...urlFields });
export type CreateCohortInfoBody = Static<typeof CreateCohortInfoBody>;

/** Changes only the URLs sent; a URL sent as '' or null is cleared. */
export const UpdateCohortInfoBody = Type.Object(urlFields);
export type UpdateCohortInfoBody = Static<typeof UpdateCohortInfoBody>;

export type CohortInfoUrlKey = keyof typeof urlFields;
export const COHORT_INFO_URL_KEYS = Object.keys(urlFields) as CohortInfoUrlKey[];
