import type { HealthFlagKind, InterventionKind } from '@lp/contract/health';
import type { Intervention } from '@lp/contract/interventions';
import type { Db } from '../../db/schema.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { fullNameOrNullSql } from '../../lib/names.ts';

/** A learner's interventions as answered, newest first (one of them when `id` is given). */
export const interventionsOf = (db: Db, learnerId: number, id?: number) => {
  let query = db
    .selectFrom('interventions as i')
    .leftJoin('people as staff', 'staff.id', 'i.created_by')
    .select([
      'i.id',
      'i.learner_id as student_id',
      'i.kind',
      'i.note',
      'i.reasons',
      fullNameOrNullSql('staff').as('by'),
      isoTimestampSql('i.created_at').as('created_at'),
    ])
    .where('i.learner_id', '=', learnerId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
  if (id !== undefined) query = query.where('i.id', '=', id);
  return query.execute() as Promise<Intervention[]>;
};

export const addIntervention = (
  db: Db,
  values: {
    learnerId: number;
    cohortId: number | null;
    kind: InterventionKind;
    note: string;
    reasons: HealthFlagKind[];
    createdBy: number;
  },
) =>
  db
    .insertInto('interventions')
    .values({
      learner_id: values.learnerId,
      cohort_id: values.cohortId,
      kind: values.kind,
      note: values.note,
      reasons: values.reasons,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
