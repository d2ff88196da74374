import type { CurrentCohort, Profile, StaffProfile, StudentProfile } from '@lp/contract/profile';
import type { FastifyInstance } from 'fastify';
import { GithubClient, organizationFromUrl } from '../../integrations/github.ts';
import { audit } from '../../lib/audit.ts';
import { fullName } from '../../lib/names.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { missingRepositoryReason, recordBoardChange } from '../board/index.ts';
import { acceptInvitation, currentMembershipOf } from '../cohorts/index.ts';
import * as repo from './profile.repository.ts';

export interface ProfileOptions {
  mimic: boolean;
  cohort?: number;
  validate?: string;
}

export async function loadProfile(
  app: FastifyInstance,
  caller: SignedInPerson,
  options: ProfileOptions,
): Promise<Profile> {
  // An invitation on the profile call enrols only with the cohort's secret; it never grants staff.
  if (options.cohort !== undefined) {
    const cohortId = options.cohort;
    await app.db
      .transaction()
      .execute((trx) => acceptInvitation(trx, caller.id, cohortId, options.validate));
  }
  if (caller.isStaff && !options.mimic) return staffProfile(app, caller.id);
  return studentProfile(app, caller.id);
}

async function staffProfile(app: FastifyInstance, personId: number): Promise<StaffProfile> {
  const [person, cohorts] = await Promise.all([
    repo.findPerson(app.db, personId),
    repo.coachedCohorts(app.db, personId),
  ]);
  return {
    id: person.id,
    person: {
      first_name: person.first_name,
      last_name: person.last_name,
      github: { login: person.github_login ?? '', repos: person.github_repos_url ?? '' },
      active_cohort: cohorts[0]?.id ?? 0,
    },
    staff: true,
    instructor: cohorts.length > 0,
    cohorts,
    ...(app.backupHealth.failure ? { backup_failure: app.backupHealth.failure } : {}),
  };
}

async function studentProfile(app: FastifyInstance, personId: number): Promise<StudentProfile> {
  const person = await repo.findPerson(app.db, personId);
  const membership = await currentMembershipOf(app.db, personId);
  const coached = person.is_staff ? await repo.coachedCohorts(app.db, personId) : [];
  // Staff viewing the learner interface see the cohort they coach.
  const cohortId = membership?.cohort_id ?? coached[0]?.id;
  const [cohort, project, overview, capstones] = await Promise.all([
    cohortId
      ? currentCohort(app, cohortId)
      : Promise.resolve<CurrentCohort>({ name: 'Unassigned' }),
    repo.currentProject(app.db, personId),
    repo.assessmentOverview(app.db, personId),
    repo.capstonesWithStatuses(app.db, personId),
  ]);
  const orgStatus = await githubOrgStatus(app, membership, cohort.github_org, person.github_login);
  return {
    id: person.id,
    name: fullName(person),
    first_name: person.first_name,
    last_name: person.last_name,
    project: project ?? { id: 0, name: 'Unassigned' },
    email: person.email,
    github: person.github_login ?? '',
    avatar: person.avatar_url,
    staff: person.is_staff,
    instructor: coached.length > 0,
    slack_handle: person.slack_handle,
    current_cohort: cohort,
    cohorts: cohort.id ? [{ id: cohort.id, name: cohort.name }] : [],
    repos: person.github_repos_url ?? '',
    assessment_overview: overview.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      book: { id: row.book_id, name: row.book_name },
      reviewed_by: row.reviewed_by ?? '',
      github_url: row.github_url,
      no_repository_reason: row.github_url
        ? null
        : (missingRepositoryReason(
            new GithubClient(app.config.github).apiConfigured,
            { github_login: person.github_login, organization_url: cohort.github_org },
            row.source_url,
          ) ?? 'it was started without one'),
    })),
    capstones: capstones.map((row) => ({
      capstone__id: row.id,
      course: row.course,
      proposal: row.proposal_url,
      statuses: row.statuses ?? [],
    })),
    github_org_status: orgStatus,
  };
}

async function currentCohort(app: FastifyInstance, cohortId: number): Promise<CurrentCohort> {
  const [row, courses] = await Promise.all([
    repo.cohortWithInfo(app.db, cohortId),
    repo.cohortCourses(app.db, cohortId),
  ]);
  if (!row) return { name: 'Unassigned' };
  return {
    name: row.name,
    id: row.id,
    start: row.start_date,
    end: row.end_date,
    ic: row.slack_channel,
    client_course: row.client_course_url,
    server_course: row.server_course_url,
    zoom_url: row.zoom_url,
    github_org: row.student_organization_url,
    courses,
  };
}

/** 'active' once the learner joined the cohort's GitHub organisation; asks GitHub until then. */
async function githubOrgStatus(
  app: FastifyInstance,
  membership: { id: number; is_github_org_member: boolean } | undefined,
  orgUrl: string | null | undefined,
  login: string | null,
): Promise<string | null> {
  if (!membership) return null;
  if (membership.is_github_org_member) return 'active';
  const org = organizationFromUrl(orgUrl);
  const github = new GithubClient(app.config.github);
  // Without a GitHub connection there is nothing to wait for: do not lock the learner out.
  if (!org || !login || !github.apiConfigured) return 'active';
  const state = await github.organizationMembershipState(org, login).catch(() => null);
  if (state === 'active') await repo.setGithubOrgMember(app.db, membership.id);
  return state;
}

export async function changeName(
  app: FastifyInstance,
  caller: SignedInPerson,
  firstName: string,
  lastName: string,
) {
  await app.db.transaction().execute(async (trx) => {
    // Locked, so the audit row's 'before' is the name this change replaced.
    const before = await trx
      .selectFrom('people')
      .select(['first_name', 'last_name'])
      .where('id', '=', caller.id)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    await repo.changeName(trx, caller.id, firstName.trim(), lastName.trim());
    // Shown on the card of a learner (staff are on no board: no cohort, no change recorded).
    await recordBoardChange(trx, {
      studentId: caller.id,
      kind: 'detail',
      summary: 'name changed',
      actorId: caller.id,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'update',
      entity: 'person',
      entityId: caller.id,
      before,
      after: { first_name: firstName.trim(), last_name: lastName.trim() },
    });
  });
}
