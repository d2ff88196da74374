// What other features' tests may use: the board's fixture course, a learner factory, the
// statuses, and the board rendered in the app's providers.
export { course, learner } from '../model/fixtures.ts';
export * from './render-board.tsx';
