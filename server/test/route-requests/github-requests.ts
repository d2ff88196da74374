import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

/** A repository of the learner's own login linked to them, as the learner would link it. */
async function linkedRepository({ db, learner }: World) {
  const fullName = `${learner.username}/${unique('repo-')}`;
  const repository = await db
    .insertInto('repositories')
    .values({ full_name: fullName, html_url: `https://github.com/${fullName}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('repository_links')
    .values({ repository_id: repository.id, learner_id: learner.id, source: 'learner' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The learners' work on GitHub: the webhook, repositories and their activity. */
export const githubRequests: Record<string, RequestBuilder> = {
  // Unsigned: only GitHub, signing with the webhook's secret, is served.
  'POST /github/webhooks': () => ({
    body: { zen: 'Design for failure.' },
    headers: { 'x-github-event': 'ping', 'x-github-delivery': unique('delivery-') },
  }),
  'GET /students/:id/repositories': ({ learner }) => ({ params: { id: learner.id } }),
  'POST /students/:id/repositories': ({ learner }) => ({
    params: { id: learner.id },
    body: { url: `https://github.com/${learner.username}/${unique('flowers-')}` },
  }),
  'DELETE /repository-links/:id': async (world) => ({
    params: { id: (await linkedRepository(world)).id },
  }),
  'GET /students/:id/activity': ({ learner }) => ({ params: { id: learner.id } }),
};
