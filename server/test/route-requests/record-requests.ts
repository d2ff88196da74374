import { createObjective, recordObjective, tagLearner } from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

async function note(world: World) {
  return world.db
    .insertInto('notes')
    .values({ student_id: world.learner.id, author_id: world.coach.id, note: 'Private' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function record(world: World) {
  const objective = await createObjective(world.db);
  return recordObjective(world.db, world.learner.id, objective.id, false);
}

async function recordEntry(world: World) {
  return world.db
    .insertInto('learning_record_entries')
    .values({ record_id: (await record(world)).id, note: 'Shown', instructor_id: world.coach.id })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function coreSkillRecord(world: World) {
  return world.db
    .insertInto('core_skill_records')
    .values({ student_id: world.learner.id, skill_id: 1, level: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const aboutLearner = ({ learner }: World) => ({ query: { studentId: learner.id } });

/** A tag the learner wore, deleted for everyone by the coach (as the staff tag list does). */
async function deletedTag({ ctx, db, learner, coach }: World) {
  const link = await tagLearner(db, learner.id, unique('tag '));
  await ctx.request({
    method: 'DELETE',
    url: `${ctx.config.apiPrefix}/tags/${link.tag_id}`,
    token: coach.token,
  });
  return link.tag_id;
}

/** Notes, tags, learning records and core skills: staff tools about one learner. */
export const recordRequests: Record<string, RequestBuilder> = {
  'GET /notetypes': () => ({}),
  'GET /notes': aboutLearner,
  'POST /notes': ({ learner }) => ({
    body: { note: 'Doing well', studentId: learner.id, type: 2 },
  }),
  'DELETE /notes/:id': async (world) => ({ params: { id: (await note(world)).id } }),

  'GET /tags': () => ({}),
  'POST /tags': () => ({ body: { name: unique('tag ') } }),
  'DELETE /tags/:id': async ({ db }) => {
    const tag = await db
      .insertInto('tags')
      .values({ name: unique('tag ') })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { params: { id: tag.id } };
  },
  'POST /tags/:id/restore': async (world) => ({ params: { id: await deletedTag(world) } }),
  'GET /studenttags': aboutLearner,
  'POST /studenttags': async ({ db, learner }) => {
    const tag = await db
      .insertInto('tags')
      .values({ name: unique('tag ') })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { body: { student: learner.id, tag: tag.id } };
  },
  'DELETE /studenttags/:id': async ({ db, learner }) => ({
    params: { id: (await tagLearner(db, learner.id, unique('tag '))).id },
  }),

  'GET /records': aboutLearner,
  'GET /records/:id': async (world) => ({ params: { id: (await record(world)).id } }),
  'POST /records': async ({ db, learner }) => ({
    body: {
      student: learner.id,
      weight: (await createObjective(db)).id,
      achieved: true,
      note: 'x',
    },
  }),
  'PUT /records/:id': async (world) => ({
    params: { id: (await record(world)).id },
    body: { achieved: true, note: 'Achieved' },
  }),
  'DELETE /records/:id': async (world) => ({ params: { id: (await record(world)).id } }),
  'POST /records/entries': async (world) => ({
    body: { record: (await record(world)).id, note: 'Shown in review' },
  }),
  'DELETE /records/entries/:id': async (world) => ({
    params: { id: (await recordEntry(world)).id },
  }),

  'GET /coreskills': () => ({}),
  'GET /coreskillrecords': aboutLearner,
  'GET /coreskillrecords/:id': async (world) => ({
    params: { id: (await coreSkillRecord(world)).id },
  }),
  'POST /coreskillrecords': ({ learner }) => ({
    body: { student: learner.id, skill: 1, level: 3, note: 'Initial record' },
  }),
  'PUT /coreskillrecords/:id': async (world) => ({
    params: { id: (await coreSkillRecord(world)).id },
    body: { level: 5 },
  }),
};
