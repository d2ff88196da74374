import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { fullNameOrNullSql, fullNameSql } from '../../lib/names.ts';

/** A claim from before the job queue whose send never finished may be taken over after this … */
const STALE_CLAIM = `interval '15 minutes'`;
/** … and one that reached nobody (Slack refused) is tried again after this. */
const RETRY_FAILED = `interval '1 hour'`;

/** The cohort's coaches who can sign in, in the order they joined it. */
export const coaches = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_coaches as cc')
    .innerJoin('people as p', 'p.id', 'cc.person_id')
    .select(['p.id', fullNameSql('p').as('name'), 'p.slack_handle'])
    .where('cc.cohort_id', '=', cohortId)
    .where('p.is_active', '=', true)
    .orderBy('cc.joined_at')
    .orderBy('p.id')
    .execute();

/** The cohort's latest finished send, with who sent it. */
export const lastDelivery = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_digests as d')
    .leftJoin('people as p', 'p.id', 'd.sent_by')
    .select([
      'd.trigger',
      'd.result',
      'd.channel',
      'd.recipients',
      'd.delivered',
      'd.sent_at',
      'd.sent_by',
      fullNameOrNullSql('p').as('sent_by_name'),
    ])
    .where('d.cohort_id', '=', cohortId)
    .where('d.sent_at', 'is not', null)
    .orderBy('d.sent_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Active cohorts whose dates include the week's day and whose digest of that week has not gone
 * out to anyone yet: the candidates of a scheduled run (each is still claimed before it is sent).
 */
export const dueCohorts = (db: Db, week: string) =>
  db
    .selectFrom('cohorts as c')
    .select(['c.id', 'c.slack_channel'])
    .where('c.active', '=', true)
    .where('c.start_date', '<=', week)
    .where('c.end_date', '>=', week)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cohort_digests as d')
            .select('d.id')
            .whereRef('d.cohort_id', '=', 'c.id')
            .where('d.week_of', '=', week)
            .where('d.result', 'in', ['sent', 'partial']),
        ),
      ),
    )
    .orderBy('c.id')
    .execute();

/**
 * Claims a cohort's scheduled send of a week: the row's id, or nothing when another process
 * holds it. The unique (cohort, week) makes a second insert wait for the first one's commit and
 * then do nothing. The claim's job is queued in the same transaction, so it is taken over only
 * when no job of it is queued or running any more: a claim from before the job queue whose
 * send never finished, once stale, and a send that reached nobody, after a while (a Slack outage
 * does not lose the week).
 */
export async function claimWeek(db: Db, cohortId: number, week: string) {
  const result = await sql<{ id: number }>`
    insert into cohort_digests (cohort_id, trigger, week_of)
    values (${cohortId}, 'schedule', ${week})
    on conflict (cohort_id, week_of) do update
      set claimed_at = now(), result = 'sending', sent_at = null, job_id = null
      where ((cohort_digests.result = 'sending' and cohort_digests.job_id is null
          and cohort_digests.claimed_at < now() - ${sql.raw(STALE_CLAIM)})
        or (cohort_digests.result = 'failed'
          and cohort_digests.claimed_at < now() - ${sql.raw(RETRY_FAILED)}))
        and not exists (
          select 1 from jobs j
          where j.id = cohort_digests.job_id and j.status in ('queued', 'running'))
    returning id`.execute(db);
  return result.rows[0]?.id;
}

/** Names the job that sends the digest (in the transaction that queued it). */
export const setJob = (db: Db, id: number, jobId: number) =>
  db.updateTable('cohort_digests').set({ job_id: jobId }).where('id', '=', id).execute();

export const findDigest = (db: Db, id: number) =>
  db
    .selectFrom('cohort_digests')
    .select(['id', 'cohort_id', 'job_id'])
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * The cohort's latest send whose job is still queued or running, or that reached someone (sent
 * or partial) less than `withinSeconds` ago; nothing when there is none.
 */
export const sendInFlightOrRecent = (db: Db, cohortId: number, withinSeconds: number) =>
  db
    .selectFrom('cohort_digests as d')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .select(['d.result', 'd.sent_at'])
    .where('d.cohort_id', '=', cohortId)
    .where((eb) =>
      eb.or([
        eb('j.status', 'in', ['queued', 'running']),
        eb.and([
          eb('d.result', 'in', ['sent', 'partial']),
          eb('d.sent_at', '>', sql<Date>`now() - ${withinSeconds} * interval '1 second'`),
        ]),
      ]),
    )
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A send by a staff member, before Slack is called. */
export const startManual = async (db: Db, cohortId: number, personId: number) =>
  (
    await db
      .insertInto('cohort_digests')
      .values({ cohort_id: cohortId, trigger: 'manual', sent_by: personId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const finish = (
  db: Db,
  id: number,
  outcome: {
    result: 'sent' | 'partial' | 'failed';
    channel: string | null;
    recipients: number;
    delivered: number;
  },
) =>
  db
    .updateTable('cohort_digests')
    .set({ ...outcome, sent_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(['id', 'cohort_id', 'trigger', 'week_of', 'sent_at'])
    .executeTakeFirstOrThrow();
