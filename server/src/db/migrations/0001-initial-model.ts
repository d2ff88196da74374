import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The whole data model. On-delete rules are deliberate:
// - CASCADE where the child has no meaning without the parent (a cohort's info, a learner's tags);
// - RESTRICT where deleting would silently erase learner history (projects with assignments);
// - SET NULL for authorship, so a departed coach does not take their notes with them.

const people = [
  `create table people (
    id serial primary key,
    username text not null,
    password_hash text,
    first_name text not null default '' check (length(first_name) <= 150),
    last_name text not null default '' check (length(last_name) <= 150),
    email text not null default '' check (length(email) <= 254),
    is_staff boolean not null default false,
    is_active boolean not null default true,
    github_id bigint unique,
    github_login text,
    avatar_url text,
    github_repos_url text,
    slack_handle text check (length(slack_handle) <= 55),
    created_at timestamptz not null default now()
  )`,
  `create unique index people_username_key on people (lower(username))`,
  `create index people_last_name_idx on people (lower(last_name))`,
  `create table tokens (
    id serial primary key,
    person_id integer not null references people (id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index tokens_person_idx on tokens (person_id)`,
  // One row per GitHub sign-in attempt: the state we check on the callback, the invitation it
  // carries, and the one-time code the client trades for a token.
  `create table sign_in_grants (
    id serial primary key,
    state text not null unique,
    cohort_id integer,
    invitation text,
    code_hash text unique,
    person_id integer references people (id) on delete cascade,
    created_at timestamptz not null default now(),
    used_at timestamptz
  )`,
];

const cohorts = [
  `create table cohorts (
    id serial primary key,
    name text not null unique check (length(name) between 1 and 55),
    slack_channel text not null default '' check (length(slack_channel) <= 55),
    start_date date not null,
    end_date date not null,
    active boolean not null default false,
    is_capstone boolean not null default false,
    time_zone text not null default 'America/Chicago',
    invitation_secret text not null,
    calendar_secret text not null,
    created_at timestamptz not null default now(),
    check (end_date >= start_date)
  )`,
  `create table cohort_info (
    id serial primary key,
    cohort_id integer not null unique references cohorts (id) on delete cascade,
    student_organization_url text,
    github_classroom_url text,
    attendance_sheet_url text,
    client_course_url text,
    server_course_url text,
    zoom_url text
  )`,
  // A learner's membership history. The current cohort is the one membership without left_at;
  // the partial unique index makes "current cohort" a single, unambiguous row.
  `create table cohort_memberships (
    id serial primary key,
    cohort_id integer not null references cohorts (id) on delete restrict,
    person_id integer not null references people (id) on delete cascade,
    is_github_org_member boolean not null default false,
    joined_at timestamptz not null default now(),
    left_at timestamptz
  )`,
  `create unique index cohort_memberships_current_key on cohort_memberships (person_id) where left_at is null`,
  `create index cohort_memberships_cohort_idx on cohort_memberships (cohort_id) where left_at is null`,
  `create table cohort_coaches (
    cohort_id integer not null references cohorts (id) on delete cascade,
    person_id integer not null references people (id) on delete cascade,
    joined_at timestamptz not null default now(),
    primary key (cohort_id, person_id)
  )`,
  `create index cohort_coaches_person_idx on cohort_coaches (person_id)`,
];

const catalogue = [
  `create table courses (
    id serial primary key,
    name text not null check (length(name) between 1 and 75),
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create table cohort_courses (
    id serial primary key,
    cohort_id integer not null references cohorts (id) on delete cascade,
    course_id integer not null references courses (id) on delete restrict,
    active boolean not null default false,
    index smallint not null default 1,
    unique (cohort_id, course_id)
  )`,
  `create table books (
    id serial primary key,
    course_id integer not null references courses (id) on delete cascade,
    name text not null check (length(name) between 1 and 75),
    description text not null default '',
    index integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index books_course_idx on books (course_id, index)`,
  `create table projects (
    id serial primary key,
    book_id integer not null references books (id) on delete cascade,
    name text not null check (length(name) between 1 and 55),
    index integer not null default 0,
    implementation_url text not null default '',
    client_template_url text not null default '',
    api_template_url text not null default '',
    is_group_project boolean not null default false,
    is_full_stack boolean not null default false,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index projects_book_idx on projects (book_id, index)`,
  `create table learning_objectives (
    id serial primary key,
    label text not null check (length(label) between 1 and 127),
    weight integer not null check (weight >= 0),
    tier integer not null default 1
  )`,
  `create table assessments (
    id serial primary key,
    book_id integer not null unique references books (id) on delete cascade,
    name text not null check (length(name) between 1 and 255),
    source_url text not null check (length(source_url) <= 512),
    type text not null default 'SELF' check (type in ('SELF', 'ASSIGNED')),
    created_at timestamptz not null default now()
  )`,
  `create table assessment_objectives (
    assessment_id integer not null references assessments (id) on delete cascade,
    objective_id integer not null references learning_objectives (id) on delete cascade,
    primary key (assessment_id, objective_id)
  )`,
];

const progress = [
  `create table assessment_statuses (id integer primary key, status text not null)`,
  `create table student_projects (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    project_id integer not null references projects (id) on delete restrict,
    assigned_by integer references people (id) on delete set null,
    assigned_at timestamptz not null default now(),
    unique (student_id, project_id)
  )`,
  `create index student_projects_current_idx on student_projects (student_id, assigned_at desc, id desc)`,
  `create table student_assessments (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    assessment_id integer not null references assessments (id) on delete restrict,
    status_id integer not null references assessment_statuses (id) on delete restrict,
    instructor_id integer references people (id) on delete set null,
    url text not null default '',
    created_at timestamptz not null default now(),
    status_changed_at timestamptz not null default now(),
    unique (student_id, assessment_id)
  )`,
  `create table proposal_statuses (id integer primary key, status text not null)`,
  `create table capstones (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    course_id integer not null references courses (id) on delete restrict,
    proposal_url text not null default '',
    repo_url text,
    description text not null default '',
    created_at timestamptz not null default now(),
    unique (student_id, course_id)
  )`,
  `create table capstone_timelines (
    id serial primary key,
    capstone_id integer not null references capstones (id) on delete cascade,
    status_id integer not null references proposal_statuses (id) on delete restrict,
    created_by integer references people (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index capstone_timelines_capstone_idx on capstone_timelines (capstone_id, created_at desc)`,
];

const records = [
  `create table note_types (id integer primary key, label text not null check (length(label) <= 32))`,
  `create table notes (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    author_id integer references people (id) on delete set null,
    note_type_id integer not null default 2 references note_types (id) on delete restrict,
    note text not null,
    created_at timestamptz not null default now()
  )`,
  `create index notes_student_idx on notes (student_id, created_at desc)`,
  `create table feedback (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    coach_id integer references people (id) on delete set null,
    notes text not null,
    created_at timestamptz not null default now()
  )`,
  `create table tags (
    id serial primary key,
    name text not null check (length(name) between 1 and 25),
    created_at timestamptz not null default now()
  )`,
  `create unique index tags_name_key on tags (lower(name))`,
  `create table student_tags (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    tag_id integer not null references tags (id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (student_id, tag_id)
  )`,
  `create table learning_records (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    objective_id integer not null references learning_objectives (id) on delete cascade,
    achieved boolean not null default false,
    created_at timestamptz not null default now(),
    unique (student_id, objective_id)
  )`,
  `create table learning_record_entries (
    id serial primary key,
    record_id integer not null references learning_records (id) on delete cascade,
    note text not null default '',
    instructor_id integer references people (id) on delete set null,
    recorded_at timestamptz not null default now()
  )`,
  `create table core_skills (id integer primary key, label text not null)`,
  `create table core_skill_records (
    id serial primary key,
    student_id integer not null references people (id) on delete cascade,
    skill_id integer not null references core_skills (id) on delete restrict,
    level integer not null default 1 check (level between 1 and 10),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (student_id, skill_id)
  )`,
  `create table core_skill_record_entries (
    id serial primary key,
    record_id integer not null references core_skill_records (id) on delete cascade,
    level integer not null check (level between 1 and 10),
    note text not null default '',
    instructor_id integer references people (id) on delete set null,
    recorded_at timestamptz not null default now()
  )`,
];

const calendarAndTeams = [
  `create table event_types (
    id integer primary key,
    description text not null,
    color text not null default '#ffffff' check (color ~ '^#[0-9A-Fa-f]{6}$')
  )`,
  // An event is a wall-clock moment in a named zone: the date and optional time as the cohort
  // sees them, so nothing shifts with the viewer's or the server's offset.
  `create table events (
    id serial primary key,
    cohort_id integer not null references cohorts (id) on delete cascade,
    event_type_id integer not null references event_types (id) on delete restrict,
    name text not null check (length(name) between 1 and 255),
    description text not null default '',
    event_date date not null,
    event_time time,
    time_zone text not null default 'America/Chicago',
    created_by integer references people (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index events_cohort_idx on events (cohort_id, event_date)`,
  `create table teams (
    id serial primary key,
    cohort_id integer not null references cohorts (id) on delete cascade,
    group_name text not null default '',
    sprint_team boolean not null default false,
    slack_channel text not null default '',
    group_project_id integer references projects (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create table team_members (
    team_id integer not null references teams (id) on delete cascade,
    person_id integer not null references people (id) on delete cascade,
    primary key (team_id, person_id)
  )`,
  `create table group_project_repositories (
    id serial primary key,
    team_id integer not null references teams (id) on delete cascade,
    project_id integer not null references projects (id) on delete cascade,
    repository text not null default ''
  )`,
];

const foundationsAndAudit = [
  `create table foundations_exercises (
    id serial primary key,
    learner_github_id text not null,
    learner_name text not null default '',
    title text not null default '',
    slug text not null,
    attempts integer not null default 0,
    complete boolean not null default false,
    completed_on timestamptz,
    first_attempt timestamptz,
    last_attempt timestamptz,
    completed_code text,
    used_solution boolean not null default false,
    unique (learner_github_id, slug)
  )`,
  `create table foundations_learner_profiles (
    id serial primary key,
    learner_github_id text not null unique,
    learner_name text not null default '',
    cohort_type text not null default 'day',
    cohort_number integer not null default 0
  )`,
  // Append-only history of every mutation: who, what, which entity, before and after.
  `create table audit_log (
    id bigserial primary key,
    actor_id integer references people (id) on delete set null,
    action text not null,
    entity text not null,
    entity_id text,
    before jsonb,
    after jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index audit_log_entity_idx on audit_log (entity, entity_id, created_at desc)`,
  `create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'audit_log is append-only';
      end if;
      -- Only the actor may be cleared (when a person is deleted); history itself never changes.
      if new.action is distinct from old.action or new.entity is distinct from old.entity
        or new.entity_id is distinct from old.entity_id or new.before is distinct from old.before
        or new.after is distinct from old.after or new.created_at is distinct from old.created_at then
        raise exception 'audit_log is append-only';
      end if;
      return new;
    end $$`,
  `create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`,
];

// Lookup rows with the exact ids the clients depend on.
const lookups = [
  `insert into assessment_statuses (id, status) values
    (1, 'In Progress'), (2, 'Ready for Review'), (3, 'Reviewed and Incomplete'), (4, 'Reviewed and Complete')`,
  `insert into proposal_statuses (id, status) values
    (1, 'In Review'), (2, 'Requires Changes'), (3, 'Approved'), (4, 'MVP')`,
  `insert into core_skills (id, label) values
    (1, 'Analytical Thinking'), (2, 'Algorithmic Thinking'), (3, 'Learning Efficiency'), (4, 'Communication')`,
  `insert into event_types (id, description, color) values
    (1, 'Group Project', '#98FB98'), (2, 'Career Development', '#DA70D6'),
    (3, 'Intersession', '#708090'), (4, 'Holiday', '#DDA0DD')`,
  `insert into note_types (id, label) values
    (1, 'Assessment Review'), (2, 'General Progress'), (3, 'Mental Health'), (4, 'Behavioral Issue')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...people,
    ...cohorts,
    ...catalogue,
    ...progress,
    ...records,
    ...calendarAndTeams,
    ...foundationsAndAudit,
    ...lookups,
  ]);
}
