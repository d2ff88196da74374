import {
  COHORT_INFO_URL_KEYS,
  type CohortInfo,
  type CreateCohortInfoBody,
  type UpdateCohortInfoBody,
} from '@lp/contract/cohorts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { assertAllowed } from '../../lib/policy.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { lockCohort } from '../cohorts/index.ts';
import { mayReadCohortInfo } from './cohort-info.policy.ts';
import * as repo from './cohort-info.repository.ts';

const toInfo = (row: repo.InfoRow): CohortInfo => ({
  id: row.id,
  cohort: {
    id: row.cohort_id,
    name: row.cohort_name,
    active: row.cohort_active,
    students: row.students,
  },
  attendance_sheet_url: row.attendance_sheet_url,
  github_classroom_url: row.github_classroom_url,
  student_organization_url: row.student_organization_url,
  client_course_url: row.client_course_url,
  server_course_url: row.server_course_url,
  zoom_url: row.zoom_url,
});

/** Only the URLs sent; '' and null clear a URL. */
function sentUrls(body: UpdateCohortInfoBody) {
  const values: Partial<Record<(typeof COHORT_INFO_URL_KEYS)[number], string | null>> = {};
  for (const key of COHORT_INFO_URL_KEYS) {
    const value = body[key];
    if (value !== undefined) values[key] = value === '' ? null : value;
  }
  return values;
}

export async function getInfo(app: FastifyInstance, caller: SignedInPerson, id: number) {
  const row = await repo.findInfo(app.db, id);
  if (!row) throw notFound('Cohort info');
  assertAllowed(await mayReadCohortInfo(app.db, caller, row.cohort_id));
  return toInfo(row);
}

export async function createInfo(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateCohortInfoBody,
) {
  const id = await app.db.transaction().execute(async (trx) => {
    if (!(await lockCohort(trx, body.cohort))) throw notFound('Cohort');
    if (await repo.infoOfCohort(trx, body.cohort))
      throw conflict('This cohort already has its info: change it with PUT /cohortinfo/{id}.');
    const row = await repo.insertInfo(trx, { cohort_id: body.cohort, ...sentUrls(body) });
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'cohort_info',
      entityId: row.id,
      after: row,
    });
    return row.id;
  });
  return getInfo(app, caller, id);
}

export async function updateInfo(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  body: UpdateCohortInfoBody,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.lockInfo(trx, id);
    if (!before) throw notFound('Cohort info');
    const changes = sentUrls(body);
    if (Object.keys(changes).length === 0) return;
    const after = await repo.updateInfo(trx, id, changes);
    await audit(trx, {
      actorId: caller.id,
      action: 'update',
      entity: 'cohort_info',
      entityId: id,
      before,
      after,
    });
  });
}
