import type {
  Cohort,
  CohortListQuery,
  CohortSummary,
  CreateCohortBody,
  UpdateCohortBody,
} from '@lp/contract/cohorts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { assertAllowed } from '../../lib/policy.ts';
import { calendarFeedUrl, invitationUrl } from '../../lib/public-urls.ts';
import { randomSecret } from '../../lib/secrets.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { mayReadCohort, maySeeCohortSecrets } from './cohorts.policy.ts';
import * as repo from './cohorts.repository.ts';
import { currentCohortOf } from './membership.ts';

function toCohort(app: FastifyInstance, caller: SignedInPerson, row: repo.CohortRow): Cohort {
  const { invitation_secret, calendar_secret, is_capstone, is_instructor, ...rest } = row;
  const cohort: Cohort = { ...rest, capstone: is_capstone, is_instructor: is_instructor ? 1 : 0 };
  if (maySeeCohortSecrets(caller)) {
    cohort.invitation_secret = invitation_secret;
    cohort.invitation_url = invitationUrl(app, row.id, invitation_secret);
    cohort.calendar_url = calendarFeedUrl(app, row.id, calendar_secret);
  }
  return cohort;
}

/** The schema checks each day is real; the order of the two is a rule of cohorts. */
function checkDateOrder(start: string, end: string, startField: string, endField: string) {
  if (end < start) throw badRequest(`${endField} must not be before ${startField}`);
}

export async function listCohorts(
  app: FastifyInstance,
  caller: SignedInPerson,
  query: CohortListQuery,
): Promise<Cohort[] | CohortSummary[]> {
  const onlyId = caller.isStaff ? undefined : ((await currentCohortOf(app.db, caller.id)) ?? 0);
  const filter = { active: query.active, limit: query.limit, onlyId };
  if (query.q !== undefined) return repo.searchCohorts(app.db, query.q, filter);
  const rows = await repo.findCohorts(app.db, caller.id, filter);
  return rows.map((row) => toCohort(app, caller, row));
}

/**
 * The list as a kept read, each caller's own (the route admits learners): it says which cohorts
 * they coach, shows staff the secrets and a learner only their cohort.
 */
export const cohortListRead = (
  app: FastifyInstance,
  caller: SignedInPerson,
  query: CohortListQuery,
): KeptRead<Cohort[] | CohortSummary[]> => ({
  variant: JSON.stringify([query.active, query.limit, query.q]),
  load: () => listCohorts(app, caller, query),
});

/** One cohort as a kept read. */
export const cohortRead = (
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
): KeptRead<Cohort> => ({ variant: String(id), load: () => getCohort(app, caller, id) });

async function getCohort(app: FastifyInstance, caller: SignedInPerson, id: number) {
  const [row] = await repo.findCohorts(app.db, caller.id, { id });
  if (!row) throw notFound('Cohort');
  assertAllowed(await mayReadCohort(app.db, caller, id));
  return toCohort(app, caller, row);
}

export async function createCohort(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateCohortBody,
) {
  const name = body.name.trim();
  if (!name) throw badRequest('body.name must not be blank');
  checkDateOrder(body.startDate, body.endDate, 'body.startDate', 'body.endDate');
  if (body.clientSide === body.serverSide)
    throw badRequest('body.serverSide must be a different course from body.clientSide');
  const id = await app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'cohort', name);
    if (await repo.cohortNameTaken(trx, name))
      throw conflict(`A cohort named '${name}' already exists.`);
    const courses = await repo.findCourses(trx, [body.clientSide, body.serverSide]);
    if (!courses.some((course) => course.id === body.clientSide))
      throw notFound('Client side course');
    if (!courses.some((course) => course.id === body.serverSide))
      throw notFound('Server side course');
    const cohort = await repo.insertCohort(trx, {
      name,
      slack_channel: body.slackChannel.trim(),
      start_date: body.startDate,
      end_date: body.endDate,
      active: body.active ?? true,
      is_capstone: body.capstone ?? false,
      invitation_secret: randomSecret(),
      calendar_secret: randomSecret(),
    });
    await repo.insertCohortCourses(trx, [
      { cohort_id: cohort.id, course_id: body.clientSide, index: 0, active: true },
      { cohort_id: cohort.id, course_id: body.serverSide, index: 1, active: false },
    ]);
    const info = await repo.insertInfo(trx, cohort.id, body.orgURL);
    const { invitation_secret: _i, calendar_secret: _c, ...visible } = cohort;
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'cohort',
      entityId: cohort.id,
      after: { ...visible, courses: [body.clientSide, body.serverSide], info: info.id },
    });
    return cohort.id;
  });
  return getCohort(app, caller, id);
}

export async function updateCohort(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  body: UpdateCohortBody,
) {
  if (body.name !== undefined && !body.name.trim()) throw badRequest('body.name must not be blank');
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.lockCohort(trx, id);
    if (!before) throw notFound('Cohort');
    const name = body.name?.trim();
    if (name !== undefined) await lockName(trx, 'cohort', name);
    if (name !== undefined && (await repo.cohortNameTaken(trx, name, id)))
      throw conflict(`A cohort named '${name}' already exists.`);
    const changes = {
      name,
      slack_channel: body.slack_channel?.trim(),
      start_date: body.start_date,
      end_date: body.end_date,
      active: body.active,
      is_capstone: body.capstone,
      time_zone: body.time_zone,
    };
    checkDateOrder(
      changes.start_date ?? before.start_date,
      changes.end_date ?? before.end_date,
      'body.start_date',
      'body.end_date',
    );
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(defined).length === 0) return;
    const after = await repo.updateCohort(trx, id, defined);
    await audit(trx, {
      actorId: caller.id,
      action: 'update',
      entity: 'cohort',
      entityId: id,
      before: pick(before, Object.keys(defined)),
      after: after && pick(after, Object.keys(defined)),
    });
  });
}

/**
 * Removes a cohort no learner was ever in, made by mistake (the Undo of its creation): its
 * courses, coaches, links and events go with it. One that has had learners keeps their history:
 * it is made inactive instead.
 */
export async function deleteCohort(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.lockCohortForRemoval(trx, id);
    if (!before) throw notFound('Cohort');
    if (await repo.everHadLearners(trx, id))
      throw conflict(`${before.name} has had learners: make it inactive instead.`);
    await repo.deleteCohort(trx, id);
    const { invitation_secret: _i, calendar_secret: _c, ...visible } = before;
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'cohort',
      entityId: id,
      before: visible,
    });
  });
}

const pick = (row: object, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => keys.includes(key)));

export async function rotateInvitation(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    if (!(await repo.lockCohort(trx, id))) throw notFound('Cohort');
    const secret = randomSecret();
    await repo.updateCohort(trx, id, { invitation_secret: secret });
    // The secret itself stays out of the history.
    await audit(trx, {
      actorId: caller.id,
      action: 'rotate-invitation',
      entity: 'cohort',
      entityId: id,
    });
    return { invitation_secret: secret, invitation_url: invitationUrl(app, id, secret) };
  });
}
