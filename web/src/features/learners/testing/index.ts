// Fixtures of the learners feature, for other features' tests.
export { learner, notes, noteTypes } from './fixtures.ts';
