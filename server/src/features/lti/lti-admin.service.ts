import type {
  LtiContext,
  LtiContextCohortBody,
  LtiPlatform,
  LtiPlatformBody,
  LtiTool,
} from '@lp/contract/lti';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import type { SignedInPerson as Caller } from '../../plugins/principal.ts';
import { findCohort } from '../cohorts/index.ts';
import * as repo from './lti.repository.ts';
import { ltiUrls } from './lti-urls.ts';
import { ensureKey, publishedKeys, rotateKeys } from './tool-keys.ts';

type PlatformRow = Awaited<ReturnType<typeof repo.findPlatform>> & {};

const platformOf = (row: PlatformRow): LtiPlatform => ({
  ...row,
  created_at: isoTimestamp(row.created_at),
  deleted_at: row.deleted_at ? isoTimestamp(row.deleted_at) : null,
});

type ContextRow = Awaited<ReturnType<typeof repo.findContext>> & {};

const contextOf = ({ memberships_url, lineitems_url, ...row }: ContextRow): LtiContext => ({
  ...row,
  has_roster: memberships_url !== null,
  takes_grades: lineitems_url !== null,
  last_launch_at: isoTimestamp(row.last_launch_at),
});

export async function toolInfo(app: FastifyInstance): Promise<LtiTool> {
  await ensureKey(app.db);
  const keys = await publishedKeys(app.db);
  return {
    ...ltiUrls(app),
    keys: keys.map((key) => ({
      kid: key.kid,
      created_at: isoTimestamp(key.created_at),
      retired_at: key.retired_at ? isoTimestamp(key.retired_at) : null,
    })),
  };
}

export async function rotateToolKeys(app: FastifyInstance, caller: Caller) {
  await app.db.transaction().execute(async (trx) => {
    // Rotations take turns: each retires exactly the key before it.
    await lockName(trx, 'lti-keys', 'rotate');
    await rotateKeys(trx);
    await audit(trx, { actorId: caller.id, action: 'rotate', entity: 'lti_tool_keys' });
  });
  return toolInfo(app);
}

export async function listPlatforms(app: FastifyInstance) {
  return (await repo.listPlatforms(app.db)).map(platformOf);
}

const taken = (body: { issuer: string; client_id: string }) =>
  conflict(`A platform with issuer ${body.issuer} and client id ${body.client_id} is registered.`);

export async function createPlatform(app: FastifyInstance, caller: Caller, body: LtiPlatformBody) {
  return app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'lti-platform', `${body.issuer} ${body.client_id}`);
    if ((await repo.platformsOfIssuer(trx, body.issuer, body.client_id)).length > 0)
      throw taken(body);
    const row = await repo.insertPlatform(trx, body, caller.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'lti_platform',
      entityId: row.id,
      after: row,
    });
    return platformOf(row);
  });
}

export async function setPlatformDeleted(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  deleted: boolean,
) {
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.findPlatform(trx, id);
    if (!before) throw notFound('Platform');
    await lockName(trx, 'lti-platform', `${before.issuer} ${before.client_id}`);
    if (!deleted && before.deleted_at) {
      const others = await repo.platformsOfIssuer(trx, before.issuer, before.client_id);
      if (others.length > 0) throw taken(before);
    }
    const row = await repo.setPlatformDeleted(trx, id, deleted);
    await audit(trx, {
      actorId: caller.id,
      action: deleted ? 'delete' : 'restore',
      entity: 'lti_platform',
      entityId: id,
      before,
      after: row,
    });
    return platformOf(row);
  });
}

export async function listContexts(app: FastifyInstance) {
  return (await repo.listContexts(app.db)).map(contextOf);
}

export async function linkContext(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  { cohort_id }: LtiContextCohortBody,
) {
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.lockContext(trx, id);
    if (!before) throw notFound('LMS course');
    if (cohort_id !== null && !(await findCohort(trx, cohort_id))) throw notFound('Cohort');
    await repo.setContextCohort(trx, id, cohort_id);
    await audit(trx, {
      actorId: caller.id,
      action: 'link',
      entity: 'lti_context',
      entityId: id,
      before: { cohort_id: before.cohort_id },
      after: { cohort_id },
    });
    const row = await repo.findContext(trx, id);
    if (!row) throw notFound('LMS course');
    return contextOf(row);
  });
}
