// What the rest of the server may use of this feature; its other files are private (biome.json).

export { deleteLearner } from './learner-changes.service.ts';
export { findLearner, type LearnerRow, lockLearner } from './learner-lock.ts';
export { learnersRoutes } from './learners.routes.ts';
