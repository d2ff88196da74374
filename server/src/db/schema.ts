import type { ColumnType, Generated, JSONColumnType, Kysely, Transaction } from 'kysely';

// Kysely's view of the tables created by migrations/. Dates are 'YYYY-MM-DD' strings;
// timestamps arrive as Date objects and may be written as Date or ISO strings.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A timestamp without a default: each insert gives it. */
type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;
type Id = Generated<number>;

export interface PeopleTable {
  id: Id;
  username: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: Generated<string>;
  is_staff: Generated<boolean>;
  is_active: Generated<boolean>;
  github_id: number | null;
  github_login: string | null;
  avatar_url: string | null;
  github_repos_url: string | null;
  slack_handle: string | null;
  created_at: Timestamp;
}

export interface TokensTable {
  id: Id;
  person_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  revoked_at: NullableTimestamp;
}

export interface SignInGrantsTable {
  id: Id;
  state: string;
  cohort_id: number | null;
  invitation: string | null;
  code_hash: string | null;
  person_id: number | null;
  created_at: Timestamp;
  used_at: NullableTimestamp;
  /** A school (OpenID Connect) sign-in's PKCE code verifier and nonce; null for GitHub's. */
  oidc_verifier: string | null;
  oidc_nonce: string | null;
  /** The signed-in person whose account a school sign-in links, rather than signs in. */
  linking_person_id: number | null;
}

/** An account's school sign-in identity: the provider's issuer and its subject (sub). */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  person_id: number;
  email: string | null;
  linked_at: Timestamp;
}

export interface SignInFailuresTable {
  id: Id;
  key: string;
  failed_at: Timestamp;
}

/** A one-time link on which a learner sets their password (migration 1080). */
export interface PasswordLinksTable {
  id: Id;
  person_id: number;
  secret_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  used_at: NullableTimestamp;
}

/** A secret the server made for itself (migration 1060): the device cookies' signing key. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface CohortsTable {
  id: Id;
  name: string;
  slack_channel: Generated<string>;
  start_date: string;
  end_date: string;
  active: Generated<boolean>;
  is_capstone: Generated<boolean>;
  time_zone: Generated<string>;
  invitation_secret: string;
  calendar_secret: string;
  created_at: Timestamp;
}

export interface CohortInfoTable {
  id: Id;
  cohort_id: number;
  student_organization_url: string | null;
  github_classroom_url: string | null;
  attendance_sheet_url: string | null;
  client_course_url: string | null;
  server_course_url: string | null;
  zoom_url: string | null;
}

export interface CohortMembershipsTable {
  id: Id;
  cohort_id: number;
  person_id: number;
  is_github_org_member: Generated<boolean>;
  joined_at: Timestamp;
  left_at: NullableTimestamp;
}

export interface CohortCoachesTable {
  cohort_id: number;
  person_id: number;
  joined_at: Timestamp;
}

export interface CoursesTable {
  id: Id;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface CohortCoursesTable {
  id: Id;
  cohort_id: number;
  course_id: number;
  active: Generated<boolean>;
  index: Generated<number>;
}

export interface BooksTable {
  id: Id;
  course_id: number;
  name: string;
  description: Generated<string>;
  index: Generated<number>;
  created_at: Timestamp;
}

export interface ProjectsTable {
  id: Id;
  book_id: number;
  name: string;
  index: Generated<number>;
  implementation_url: Generated<string>;
  client_template_url: Generated<string>;
  api_template_url: Generated<string>;
  is_group_project: Generated<boolean>;
  is_full_stack: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface LearningObjectivesTable {
  id: Id;
  label: string;
  weight: number;
  tier: Generated<number>;
}

export interface AssessmentsTable {
  id: Id;
  book_id: number;
  name: string;
  source_url: string;
  type: Generated<'SELF' | 'ASSIGNED'>;
  created_at: Timestamp;
}

export interface AssessmentObjectivesTable {
  assessment_id: number;
  objective_id: number;
}

export interface LookupTable {
  id: number;
  status: string;
}

export interface StudentProjectsTable {
  id: Id;
  student_id: number;
  project_id: number;
  assigned_by: number | null;
  assigned_at: Timestamp;
}

export interface StudentAssessmentsTable {
  id: Id;
  student_id: number;
  assessment_id: number;
  status_id: number;
  instructor_id: number | null;
  url: Generated<string>;
  created_at: Timestamp;
  status_changed_at: Timestamp;
}

export interface CapstonesTable {
  id: Id;
  student_id: number;
  course_id: number;
  proposal_url: Generated<string>;
  repo_url: string | null;
  description: Generated<string>;
  created_at: Timestamp;
}

export interface CapstoneTimelinesTable {
  id: Id;
  capstone_id: number;
  status_id: number;
  created_by: number | null;
  created_at: Timestamp;
}

export interface LabelTable {
  id: number;
  label: string;
}

export interface NotesTable {
  id: Id;
  student_id: number;
  author_id: number | null;
  note_type_id: Generated<number>;
  note: string;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Id;
  student_id: number;
  coach_id: number | null;
  notes: string;
  created_at: Timestamp;
}

export interface TagsTable {
  id: Id;
  name: string;
  created_at: Timestamp;
}

export interface StudentTagsTable {
  id: Id;
  student_id: number;
  tag_id: number;
  created_at: Timestamp;
}

export interface LearningRecordsTable {
  id: Id;
  student_id: number;
  objective_id: number;
  achieved: Generated<boolean>;
  created_at: Timestamp;
}

export interface LearningRecordEntriesTable {
  id: Id;
  record_id: number;
  note: Generated<string>;
  instructor_id: number | null;
  recorded_at: Timestamp;
}

export interface CoreSkillRecordsTable {
  id: Id;
  student_id: number;
  skill_id: number;
  level: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CoreSkillRecordEntriesTable {
  id: Id;
  record_id: number;
  level: number;
  note: Generated<string>;
  instructor_id: number | null;
  recorded_at: Timestamp;
}

export interface EventTypesTable {
  id: number;
  description: string;
  color: Generated<string>;
}

export interface EventsTable {
  id: Id;
  cohort_id: number;
  event_type_id: number;
  name: string;
  description: Generated<string>;
  event_date: string;
  /** 'HH:MM:SS' wall-clock time in time_zone, or null for an all-day event. */
  event_time: string | null;
  time_zone: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamsTable {
  id: Id;
  cohort_id: number;
  group_name: Generated<string>;
  sprint_team: Generated<boolean>;
  slack_channel: Generated<string>;
  group_project_id: number | null;
  created_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: number;
  person_id: number;
}

export interface GroupProjectRepositoriesTable {
  id: Id;
  team_id: number;
  project_id: number;
  repository: Generated<string>;
}

export interface FoundationsExercisesTable {
  id: Id;
  learner_github_id: string;
  learner_name: Generated<string>;
  title: Generated<string>;
  slug: string;
  attempts: Generated<number>;
  complete: Generated<boolean>;
  completed_on: NullableTimestamp;
  first_attempt: NullableTimestamp;
  last_attempt: NullableTimestamp;
  completed_code: string | null;
  used_solution: Generated<boolean>;
}

export interface FoundationsLearnerProfilesTable {
  id: Id;
  learner_github_id: string;
  learner_name: Generated<string>;
  cohort_type: Generated<string>;
  cohort_number: Generated<number>;
}

/** What changed on a board (migration 0700); the position is set at commit. */
export interface BoardChangesTable {
  id: Generated<number>;
  position: number | null;
  cohort_id: number;
  student_id: number | null;
  kind: string;
  summary: string;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Timestamp;
}

/** The live board's open streams, by the process holding each (migration 1070). */
/** Staff members' API tokens (their hash), named and scoped. */
export interface ApiTokensTable {
  id: Id;
  person_id: number;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  revoked_at: NullableTimestamp;
}

/** Each request made with an API token. */
export interface ApiTokenUsesTable {
  id: Id;
  token_id: number;
  used_at: Timestamp;
  method: string;
  path: string;
  status: number;
}

/** Outgoing webhooks staff registered (features/webhooks). */
export interface WebhooksTable {
  id: Id;
  url: string;
  events: string[];
  secret: string;
  created_by: number | null;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** An LMS platform registered for LTI 1.3 launches (features/lti). */
export interface LtiPlatformsTable {
  id: Id;
  name: string;
  issuer: string;
  client_id: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_url: string;
  deployment_ids: string[];
  created_by: number | null;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** One of our LTI signing keys, as JWKs; the newest unretired one signs. */
export interface LtiToolKeysTable {
  kid: string;
  public_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  private_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  retired_at: NullableTimestamp;
}

/** An OIDC login initiation: its state (hashed) and nonce, used by one launch. */
export interface LtiLoginsTable {
  state_hash: string;
  nonce: string;
  platform_id: number;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Which of our people an LMS user (issuer and subject) is. */
export interface LtiIdentitiesTable {
  id: Id;
  issuer: string;
  subject: string;
  person_id: number;
  /** Staff who linked it; null when a launch did. */
  linked_by: number | null;
  created_at: Timestamp;
}

/** An LMS course (LTI context), and the cohort staff linked it to. */
export interface LtiContextsTable {
  id: Id;
  platform_id: number;
  deployment_id: string;
  context_id: string;
  title: string;
  cohort_id: number | null;
  memberships_url: string | null;
  lineitems_url: string | null;
  created_at: Timestamp;
  last_launch_at: Timestamp;
}

/** The LMS gradebook column of a self-assessment in an LMS course. */
export interface LtiLineItemsTable {
  id: Id;
  context_id: number;
  assessment_id: number;
  url: string;
  created_at: Timestamp;
}

/** One delivery of an event to a webhook, and how it went. */
export interface WebhookDeliveriesTable {
  id: Id;
  webhook_id: number;
  event: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status: number | null;
  last_answer: string | null;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

/** A learner whose "needs attention" flag is up, since it rose (features/cohort-health). */
export interface RaisedHealthFlagsTable {
  student_id: number;
  raised_at: Timestamp;
}

export interface LiveStreamsTable {
  id: Generated<number>;
  person_id: number;
  process_id: string;
  expires_at: GivenTimestamp;
}

/** Single-use live stream tickets (their hash), redeemable on any server process. */
export interface LiveTicketsTable {
  ticket_hash: string;
  person_id: number;
  token_id: number;
  cohort_id: number;
  expires_at: GivenTimestamp;
}

export interface CohortDigestsTable {
  id: Id;
  cohort_id: number;
  trigger: 'schedule' | 'manual';
  /** The day a scheduled send was due ('YYYY-MM-DD'); null for a manual one. */
  week_of: string | null;
  sent_by: number | null;
  claimed_at: Timestamp;
  sent_at: NullableTimestamp;
  result: Generated<'sending' | 'sent' | 'partial' | 'failed'>;
  /** The instructor channel it was posted to; null when it went to coaches directly. */
  channel: string | null;
  recipients: Generated<number>;
  delivered: Generated<number>;
  /** The job that sends it; null for a send from before the job queue. */
  job_id: number | null;
}

/** Work at GitHub and Slack, done off the request (server/src/jobs). */
export interface JobsTable {
  id: Id;
  kind: string;
  cohort_id: number | null;
  learner_id: number | null;
  created_by: number | null;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  /** Set again when the job is retried: its insert or update announces it to the workers. */
  run_at: Generated<Date>;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export type StepJson = JSONColumnType<Record<string, unknown>, string, string>;
export type NullableStepJson = JSONColumnType<
  Record<string, unknown> | null,
  string | null,
  string | null
>;

/** A webhook delivery from GitHub, stored once under its X-GitHub-Delivery id. */
export interface GithubDeliveriesTable {
  id: string;
  event: string;
  action: string | null;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  received_at: Timestamp;
  processed_at: NullableTimestamp;
  /** What processing did, in words ('2 commits pushed to acme/flowers', 'not a linked repository'). */
  outcome: string | null;
}

/** A GitHub repository some learner's work is in. */
export interface RepositoriesTable {
  id: Id;
  github_id: number | null;
  /** 'owner/name' as GitHub spells it (unique whatever the case). */
  full_name: string;
  html_url: string;
  default_branch: string | null;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
}

export type RepositorySource = 'assessment' | 'team' | 'template' | 'learner' | 'staff';

/** Whose work a repository holds, and for which project where known. */
export interface RepositoryLinksTable {
  id: Id;
  repository_id: number;
  learner_id: number;
  project_id: number | null;
  source: RepositorySource;
  created_by: number | null;
  created_at: Timestamp;
}

export type InterventionKind = 'message' | 'one_to_one' | 'pairing' | 'plan' | 'other';

/** Staff reaching out to a learner who needed attention (features/interventions). */
export interface InterventionsTable {
  id: Id;
  learner_id: number;
  cohort_id: number | null;
  kind: InterventionKind;
  note: Generated<string>;
  reasons: Generated<string[]>;
  created_by: number | null;
  created_at: Timestamp;
}

export type RepositoryEventKind = 'push' | 'pull_request' | 'review' | 'check';

/** Something that happened in a repository, at GitHub's time for it. */
export interface RepositoryEventsTable {
  id: Generated<number>;
  repository_id: number;
  kind: RepositoryEventKind;
  /** What the event is about: the branch pushed, a pull request's number, a check's id. */
  subject: string;
  /** The event itself, unique in its repository and kind: seen twice, it is stored once. */
  key: string;
  occurred_at: GivenTimestamp;
  actor: string | null;
  title: string;
  url: string | null;
  head_sha: string | null;
  commit_count: number | null;
  /** pull_request: open/closed/merged; review: its state; check: queued/in_progress/success/failure/… */
  state: string;
}

/** What a card shows of a repository, worked out from its events when events are added. */
/** Per learner, the whole days they spent on each project and book they left (migration 1055). */
export interface LearnerStaysTable {
  student_id: number;
  kind: 'project' | 'book';
  item_id: number;
  days: number;
}

/** How many learners took each number of whole days on each project and book. */
export interface StayLengthsTable {
  kind: 'project' | 'book';
  item_id: number;
  days: number;
  learners: number;
}

export interface RepositoryWorkTable {
  repository_id: number;
  last_push_at: NullableTimestamp;
  head_sha: string | null;
  pull_request: JSONColumnType<
    { number: number; title: string; url: string | null } | null,
    string | null,
    string | null
  >;
  checks: 'passing' | 'failing' | 'running' | null;
  checks_since: NullableTimestamp;
}

/** One outside effect of a job, planned when the job is queued. */
export interface JobStepsTable {
  id: Id;
  job_id: number;
  position: number;
  kind: string;
  phase: string;
  label: string;
  input: StepJson;
  status: Generated<'pending' | 'done' | 'failed'>;
  /** Tries so far, rate-limit waits included (a repeated try checks before it acts). */
  attempts: Generated<number>;
  /** Failed tries since the step last recorded progress: its budget (a rate limit is no failure). */
  failures: Generated<number>;
  /** Names the step for the `after` of others in its job. */
  key: string | null;
  /** Keys of steps of the job that must be done first. */
  after: Generated<string[]>;
  /** When the step is due (later after a failure or a rate limit). */
  run_at: Generated<Date>;
  /** The claim holding the step and until when; its writes commit only while it holds it. */
  locked_by: string | null;
  locked_until: NullableTimestamp;
  /** The claim (server process and its claim number) of the latest attempt. */
  worked_by: string | null;
  result: NullableStepJson;
  error: string | null;
  finished_at: NullableTimestamp;
}

export type AuditJson = JSONColumnType<
  Record<string, unknown> | null,
  string | null,
  string | null
>;

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: AuditJson;
  after: AuditJson;
  created_at: Timestamp;
}

export interface Database {
  people: PeopleTable;
  tokens: TokensTable;
  sign_in_grants: SignInGrantsTable;
  oidc_identities: OidcIdentitiesTable;
  sign_in_failures: SignInFailuresTable;
  password_links: PasswordLinksTable;
  server_secrets: ServerSecretsTable;
  cohorts: CohortsTable;
  cohort_info: CohortInfoTable;
  cohort_memberships: CohortMembershipsTable;
  cohort_coaches: CohortCoachesTable;
  courses: CoursesTable;
  cohort_courses: CohortCoursesTable;
  books: BooksTable;
  projects: ProjectsTable;
  learning_objectives: LearningObjectivesTable;
  assessments: AssessmentsTable;
  assessment_objectives: AssessmentObjectivesTable;
  assessment_statuses: LookupTable;
  student_projects: StudentProjectsTable;
  student_assessments: StudentAssessmentsTable;
  proposal_statuses: LookupTable;
  capstones: CapstonesTable;
  capstone_timelines: CapstoneTimelinesTable;
  note_types: LabelTable;
  notes: NotesTable;
  feedback: FeedbackTable;
  tags: TagsTable;
  student_tags: StudentTagsTable;
  learning_records: LearningRecordsTable;
  learning_record_entries: LearningRecordEntriesTable;
  core_skills: LabelTable;
  core_skill_records: CoreSkillRecordsTable;
  core_skill_record_entries: CoreSkillRecordEntriesTable;
  event_types: EventTypesTable;
  events: EventsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  group_project_repositories: GroupProjectRepositoriesTable;
  foundations_exercises: FoundationsExercisesTable;
  foundations_learner_profiles: FoundationsLearnerProfilesTable;
  audit_log: AuditLogTable;
  board_changes: BoardChangesTable;
  live_tickets: LiveTicketsTable;
  live_streams: LiveStreamsTable;
  api_tokens: ApiTokensTable;
  api_token_uses: ApiTokenUsesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  lti_platforms: LtiPlatformsTable;
  lti_tool_keys: LtiToolKeysTable;
  lti_logins: LtiLoginsTable;
  lti_identities: LtiIdentitiesTable;
  lti_contexts: LtiContextsTable;
  lti_line_items: LtiLineItemsTable;
  raised_health_flags: RaisedHealthFlagsTable;
  cohort_digests: CohortDigestsTable;
  jobs: JobsTable;
  job_steps: JobStepsTable;
  github_deliveries: GithubDeliveriesTable;
  interventions: InterventionsTable;
  repositories: RepositoriesTable;
  repository_links: RepositoryLinksTable;
  repository_events: RepositoryEventsTable;
  repository_work: RepositoryWorkTable;
  learner_stays: LearnerStaysTable;
  stay_lengths: StayLengthsTable;
}

/** The database or a transaction on it: what a query that can run in either takes. */
export type Db = Kysely<Database> | Transaction<Database>;
