import type { LtiPlatformBody } from '@lp/contract/lti';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

const PLATFORM_COLUMNS = [
  'id',
  'name',
  'issuer',
  'client_id',
  'authorization_endpoint',
  'token_endpoint',
  'jwks_url',
  'deployment_ids',
  'created_at',
  'deleted_at',
] as const;

export const listPlatforms = (db: Db) =>
  db
    .selectFrom('lti_platforms')
    .select(PLATFORM_COLUMNS)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const findPlatform = (db: Db, id: number) =>
  db.selectFrom('lti_platforms').select(PLATFORM_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The registered (not deleted) platforms of an issuer, with this client id when one is given. */
export const platformsOfIssuer = (db: Db, issuer: string, clientId?: string) => {
  let query = db
    .selectFrom('lti_platforms')
    .select(PLATFORM_COLUMNS)
    .where('issuer', '=', issuer)
    .where('deleted_at', 'is', null);
  if (clientId !== undefined) query = query.where('client_id', '=', clientId);
  return query.orderBy('id').execute();
};

export const insertPlatform = (db: Db, body: LtiPlatformBody, createdBy: number) =>
  db
    .insertInto('lti_platforms')
    .values({ ...body, created_by: createdBy })
    .returning(PLATFORM_COLUMNS)
    .executeTakeFirstOrThrow();

export const setPlatformDeleted = (db: Db, id: number, deleted: boolean) =>
  db
    .updateTable('lti_platforms')
    .set({ deleted_at: deleted ? sql`now()` : null })
    .where('id', '=', id)
    .returning(PLATFORM_COLUMNS)
    .executeTakeFirstOrThrow();

/** Keeps a login initiation's state (hashed) and nonce for its launch. */
export const insertLogin = (
  db: Db,
  values: { state_hash: string; nonce: string; platform_id: number },
) => db.insertInto('lti_logins').values(values).execute();

export const findLogin = (db: Db, stateHash: string) =>
  db
    .selectFrom('lti_logins')
    .select(['state_hash', 'nonce', 'platform_id', 'created_at', 'used_at'])
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();

/** Uses the login's nonce; false when a launch used it already (a replay). */
export const useLogin = async (db: Db, stateHash: string) =>
  (
    await db
      .updateTable('lti_logins')
      .set({ used_at: sql`now()` })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows === 1n;

/** Forgets login initiations older than a day: their launches are refused anyway. */
export const forgetOldLogins = (db: Db) =>
  db
    .deleteFrom('lti_logins')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();

/** Records a launch's context (an LMS course): new, or its title and service URLs refreshed. */
export const upsertContext = (
  db: Db,
  values: {
    platform_id: number;
    deployment_id: string;
    context_id: string;
    title: string;
    memberships_url: string | null;
    lineitems_url: string | null;
  },
) =>
  db
    .insertInto('lti_contexts')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['platform_id', 'context_id']).doUpdateSet((eb) => ({
        deployment_id: eb.ref('excluded.deployment_id'),
        title: eb.ref('excluded.title'),
        memberships_url: eb.ref('excluded.memberships_url'),
        lineitems_url: eb.ref('excluded.lineitems_url'),
        last_launch_at: sql`now()`,
      })),
    )
    .returning(['id', 'cohort_id'])
    .executeTakeFirstOrThrow();

const contexts = (db: Db) =>
  db
    .selectFrom('lti_contexts as x')
    .innerJoin('lti_platforms as pl', 'pl.id', 'x.platform_id')
    .leftJoin('cohorts as c', 'c.id', 'x.cohort_id')
    .select([
      'x.id',
      'x.platform_id',
      'pl.name as platform_name',
      'x.context_id',
      'x.title',
      'x.cohort_id',
      'c.name as cohort_name',
      'x.memberships_url',
      'x.lineitems_url',
      'x.last_launch_at',
    ]);

export const listContexts = (db: Db) =>
  contexts(db).orderBy('x.last_launch_at', 'desc').orderBy('x.id', 'desc').execute();

export const findContext = (db: Db, id: number) =>
  contexts(db).where('x.id', '=', id).executeTakeFirst();

export const lockContext = (db: Db, id: number) =>
  db
    .selectFrom('lti_contexts')
    .select(['id', 'cohort_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const setContextCohort = (db: Db, id: number, cohortId: number | null) =>
  db.updateTable('lti_contexts').set({ cohort_id: cohortId }).where('id', '=', id).execute();

/** The context with its platform, for the services that call the LMS. */
export const contextWithPlatform = (db: Db, id: number) =>
  db
    .selectFrom('lti_contexts as x')
    .innerJoin('lti_platforms as pl', 'pl.id', 'x.platform_id')
    .leftJoin('cohorts as c', 'c.id', 'x.cohort_id')
    .select([
      'x.id',
      'x.title',
      'x.cohort_id',
      'c.name as cohort_name',
      'x.memberships_url',
      'x.lineitems_url',
      'pl.name',
      'pl.issuer',
      'pl.client_id',
      'pl.token_endpoint',
      'pl.deleted_at',
    ])
    .where('x.id', '=', id)
    .executeTakeFirst();

export const findLineItem = (db: Db, contextId: number, assessmentId: number) =>
  db
    .selectFrom('lti_line_items')
    .select('url')
    .where('context_id', '=', contextId)
    .where('assessment_id', '=', assessmentId)
    .executeTakeFirst();

export const recordLineItem = (db: Db, contextId: number, assessmentId: number, url: string) =>
  db
    .insertInto('lti_line_items')
    .values({ context_id: contextId, assessment_id: assessmentId, url })
    .onConflict((oc) => oc.columns(['context_id', 'assessment_id']).doNothing())
    .execute();

export const findAssessment = (db: Db, id: number) =>
  db.selectFrom('assessments').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
