// Fixtures of the learners feature, for other features' tests.
export { learner } from './fixtures.ts';
