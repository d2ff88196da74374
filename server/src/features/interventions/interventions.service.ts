import type { HealthFlagKind } from '@lp/contract/health';
import type { Intervention, InterventionBody } from '@lp/contract/interventions';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordLearnerChange } from '../board/index.ts';
import { cohortHealth } from '../cohort-health/index.ts';
import { currentMembershipOf } from '../cohorts/index.ts';
import { findLearner, lockLearner } from '../learners/index.ts';
import * as repo from './interventions.repository.ts';

/** The learner's interventions, newest first (staff); 404 for an unknown learner. */
export async function listInterventions(app: FastifyInstance, learnerId: number) {
  if (!(await findLearner(app.db, learnerId))) throw notFound('Learner');
  return repo.interventionsOf(app.db, learnerId);
}

/** The kinds of the learner's strong flags in their cohort's health now; none outside a cohort. */
async function strongReasonsOf(
  app: FastifyInstance,
  learnerId: number,
  cohortId: number | undefined,
): Promise<HealthFlagKind[]> {
  if (cohortId === undefined) return [];
  const report = await cohortHealth(app, cohortId);
  const learner = report.learners.find((each) => each.student_id === learnerId);
  return (learner?.flags ?? [])
    .filter((flag) => flag.strength === 'strong')
    .map((flag) => flag.kind);
}

/**
 * "I reached out": records what staff did about the learner, with the strong reasons the learner
 * had then (the flag rests until a new one appears), in the learner's history (undoable).
 */
export async function reachOut(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  body: InterventionBody,
): Promise<{ intervention: Intervention; historyId: number }> {
  const membership = await currentMembershipOf(app.db, learnerId);
  const reasons = await strongReasonsOf(app, learnerId, membership?.cohort_id);
  return app.db.transaction().execute(async (trx) => {
    const learner = await lockLearner(trx, learnerId);
    if (!learner) throw notFound('Learner');
    const note = body.note.trim();
    const { id } = await repo.addIntervention(trx, {
      learnerId,
      cohortId: membership?.cohort_id ?? null,
      kind: body.kind,
      note,
      reasons,
      createdBy: caller.id,
    });
    const historyId = await recordLearnerChange(trx, caller.id, 'reach_out', {
      student_id: learnerId,
      intervention_id: id,
      kind: body.kind,
      note,
    });
    const [intervention] = await repo.interventionsOf(trx, learnerId, id);
    return { intervention: intervention as Intervention, historyId };
  });
}
