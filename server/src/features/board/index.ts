// What the rest of the server may use of this feature; its other files are private (biome.json).
export { currentAssignmentJoinText, currentAssignmentOf } from './assignments.ts';
export { boardRoutes } from './board.routes.ts';
export { learnerScore } from './learner-score.ts';
export {
  forgetLearnerChanges,
  recordBoardChange,
  recordBoardChanges,
} from './live/board-changes.ts';
export { liveRoutes } from './live/live.routes.ts';
export { progressRoutes } from './progress/progress.routes.ts';
export { selfAssessmentRepositoryStep } from './progress/progress.steps.ts';
export { missingRepositoryReason } from './progress/self-assessment-repository.ts';
export {
  boardChangeActions,
  isBoardChange,
  summarizeBoardChange,
  undoBoardChange,
} from './undo/board-changes.undo.ts';
export { recordLearnerChange } from './undo/learner-history.ts';
