import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { fullNameSql } from '../../lib/names.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

// Which of our people each LMS user (issuer and subject) is: for launches, roster syncs and
// staff's links.

export const findIdentity = (db: Db, issuer: string, subject: string) =>
  db
    .selectFrom('lti_identities as i')
    .innerJoin('people as p', 'p.id', 'i.person_id')
    .select(['p.id', 'p.is_active', 'p.is_staff'])
    .where('i.issuer', '=', issuer)
    .where('i.subject', '=', subject)
    .executeTakeFirst();

export const insertIdentity = (
  db: Db,
  values: { issuer: string; subject: string; person_id: number; linked_by: number | null },
) => db.insertInto('lti_identities').values(values).returning('id').executeTakeFirstOrThrow();

/** The active accounts with this email (any letter case) that no LMS user of the issuer has. */
export const unlinkedPeopleByEmail = (db: Db, email: string, issuer: string) =>
  db
    .selectFrom('people as p')
    .select(['p.id', 'p.is_staff'])
    .where((eb) => eb(eb.fn('lower', ['p.email']), '=', email.toLowerCase()))
    .where('p.is_active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lti_identities as i')
            .select('i.id')
            .whereRef('i.person_id', '=', 'p.id')
            .where('i.issuer', '=', issuer),
        ),
      ),
    )
    .limit(2)
    .execute();

const withCurrentCohort = (db: Db) =>
  db
    .selectFrom('people as p')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.is_staff',
      'p.is_active',
      'm.cohort_id',
      'c.name as cohort_name',
    ]);

/** The accounts these LMS users of the issuer are linked to, with their current cohort. */
export const peopleBySubject = (db: Db, issuer: string, subjects: string[]) =>
  subjects.length === 0
    ? Promise.resolve([])
    : withCurrentCohort(db)
        .innerJoin('lti_identities as i', 'i.person_id', 'p.id')
        .select('i.subject')
        .where('i.issuer', '=', issuer)
        .where('i.subject', 'in', subjects)
        .execute();

/** The accounts of these emails (any letter case) that no LMS user of the issuer has. */
export const unlinkedPeopleByEmails = (db: Db, issuer: string, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : withCurrentCohort(db)
        .where(
          sql<string>`lower(p.email)`,
          'in',
          emails.map((email) => email.toLowerCase()),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('lti_identities as i')
                .select('i.id')
                .whereRef('i.person_id', '=', 'p.id')
                .where('i.issuer', '=', issuer),
            ),
          ),
        )
        .orderBy('p.id')
        .execute();

const identities = (db: Db) =>
  db
    .selectFrom('lti_identities as i')
    .innerJoin('people as p', 'p.id', 'i.person_id')
    .select([
      'i.id',
      'i.issuer',
      'i.subject',
      'i.person_id',
      fullNameSql('p').as('name'),
      'p.username',
      'p.is_staff',
      sql<boolean>`i.linked_by is not null`.as('linked_by_staff'),
      'i.created_at',
    ]);

export const listIdentities = (db: Db) =>
  identities(db).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(200).execute();

export const findIdentityById = (db: Db, id: number) =>
  identities(db).where('i.id', '=', id).executeTakeFirst();

export const lockIdentity = (db: Db, id: number) =>
  db
    .selectFrom('lti_identities')
    .select(['id', 'issuer', 'subject', 'person_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findPersonByUsername = (db: Db, username: string) =>
  db
    .selectFrom('people')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();

/** Another LMS user of the issuer linked to the person, if any. */
export const otherIdentityOf = (db: Db, issuer: string, personId: number, exceptId: number) =>
  db
    .selectFrom('lti_identities')
    .select('subject')
    .where('issuer', '=', issuer)
    .where('person_id', '=', personId)
    .where('id', '!=', exceptId)
    .executeTakeFirst();

export const relinkIdentity = (db: Db, id: number, personId: number, staffId: number) =>
  db
    .updateTable('lti_identities')
    .set({ person_id: personId, linked_by: staffId })
    .where('id', '=', id)
    .execute();
