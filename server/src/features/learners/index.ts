// What the rest of the server may use of this feature; its other files are private (biome.json).
export { findLearner, type LearnerRow, lockLearner } from './learner-lock.ts';
export { learnersRoutes } from './learners.routes.ts';
