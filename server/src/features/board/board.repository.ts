import { CompiledQuery, sql } from 'kysely';
import { sentByName } from '../../db/connection.ts';
import type { Db } from '../../db/schema.ts';
import { fullNameSql } from '../../lib/names.ts';
import { containsPattern } from '../../lib/search.ts';
import { isCurrentMembership } from '../cohorts/index.ts';
import { boardSql } from './board.query.ts';

export interface BoardRow {
  id: number;
  today: string;
  /** The learners as JSON text, ready to send. */
  body: string;
}

export async function board(db: Db, cohortId: number) {
  const result = await db.executeQuery<BoardRow>(
    CompiledQuery.raw(sentByName('board', boardSql()), [cohortId]),
  );
  return result.rows[0];
}

const fullName = fullNameSql('people');

/** Learners without a current cohort whose last name contains the text. */
export const learnersWithoutCohort = (db: Db, lastName: string) =>
  db
    .selectFrom('people')
    .select(['people.id', fullName.as('name')])
    .where('people.is_staff', '=', false)
    .where('people.is_active', '=', true)
    .where(sql<boolean>`people.last_name ilike ${containsPattern(lastName)}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cohort_memberships as m')
            .select('m.id')
            .whereRef('m.person_id', '=', 'people.id')
            .where(isCurrentMembership('m')),
        ),
      ),
    )
    .orderBy(sql`lower(people.last_name)`)
    .orderBy(sql`lower(people.first_name)`)
    .orderBy('people.id')
    .limit(50)
    .execute();

/** Learners whose full name or one of whose tags contains the text. */
export const searchLearners = (db: Db, text: string) => {
  const pattern = containsPattern(text);
  return db
    .selectFrom('people')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'people.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts', 'cohorts.id', 'm.cohort_id')
    .select(({ selectFrom }) => [
      'people.id',
      fullName.as('name'),
      'people.github_login as github_handle',
      'people.avatar_url as avatar',
      sql<{ id: number; name: string } | null>`case when cohorts.id is null then null
        else json_build_object('id', cohorts.id, 'name', cohorts.name) end`.as('current_cohort'),
      selectFrom('student_tags as st')
        .innerJoin('tags', 'tags.id', 'st.tag_id')
        .select(
          sql<
            Array<{ id: number; tag: string }>
          >`coalesce(json_agg(json_build_object('id', st.id, 'tag', tags.name) order by lower(tags.name), st.id), '[]'::json)`.as(
            'tags',
          ),
        )
        .whereRef('st.student_id', '=', 'people.id')
        .as('tags'),
    ])
    .where('people.is_staff', '=', false)
    .where('people.is_active', '=', true)
    .where((eb) =>
      eb.or([
        sql<boolean>`${fullName} ilike ${pattern}`,
        eb.exists(
          eb
            .selectFrom('student_tags as st')
            .innerJoin('tags', 'tags.id', 'st.tag_id')
            .select('st.id')
            .whereRef('st.student_id', '=', 'people.id')
            .where(sql<boolean>`tags.name ilike ${pattern}`),
        ),
      ]),
    )
    .orderBy(sql`lower(people.last_name)`)
    .orderBy(sql`lower(people.first_name)`)
    .orderBy('people.id')
    .limit(50)
    .execute();
};

export const lookup = (db: Db, table: 'assessment_statuses' | 'proposal_statuses') =>
  db.selectFrom(table).select(['id', 'status']).orderBy('id').execute();
