// What the rest of the server may use of this feature; its other files are private (biome.json).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { repositoryRoutes } from './repositories.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';

export { githubBackfillStep } from './backfill.step.ts';
export { cardActivityJoinText, cardActivityText, cardLinksText } from './card-activity.ts';
export { githubDeliveriesStep } from './deliveries.ts';
export { refreshWork } from './repositories.repository.ts';
export {
  linkCreatedRepository,
  queueTemplateRepository,
  templateRepositoryStep,
} from './template-repository.step.ts';

/** The learners' work on GitHub: webhook deliveries (in a scope of their own), repositories. */
export const githubRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(webhookRoutes);
  await app.register(repositoryRoutes);
};
