import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { INTERVENTION_NOTE_MAX } from './constants.ts';
import { HealthFlagKind, InterventionKind } from './health.ts';

export { InterventionKind };

/*
 * What staff did about a learner who needed attention ("I reached out"), and what happened next.
 *
 * POST /students/{id}/interventions {kind, note} (staff) → 201 Intervention, undoable (its
 *   history entry in X-History-Id, as every learner change). The learner's strong reasons of the
 *   moment are kept with it: the learner's flag rests for HEALTH_REST_DAYS days after, unless a
 *   strong reason not among them appears. 400 names a bad field; 404 an unknown learner.
 * GET /students/{id}/interventions (staff) → InterventionList, newest first.
 */

export const InterventionBody = Type.Object(
  {
    kind: InterventionKind,
    /** What was done or agreed, in a sentence or two. */
    note: Type.String({ maxLength: INTERVENTION_NOTE_MAX }),
  },
  { additionalProperties: false },
);
export type InterventionBody = Static<typeof InterventionBody>;

export const Intervention = Type.Object({
  id: Type.Integer(),
  student_id: Type.Integer(),
  kind: InterventionKind,
  note: Type.String(),
  /** The learner's strong reasons when staff reached out. */
  reasons: Type.Array(HealthFlagKind),
  /** Who reached out ("First Last"); null when unknown. */
  by: Nullable(Type.String()),
  created_at: Timestamp,
});
export type Intervention = Static<typeof Intervention>;

export const InterventionList = Type.Array(Intervention);
export type InterventionList = Static<typeof InterventionList>;
